// Invariants of sponsorships, their packages and their deliverables (modules sponsorships, packages,
// fulfilment): a package's slots are the sponsorships holding it (the database keeps them within its
// capacity: a check constraint, migration 0015); what a
// sponsorship is offered and holds belongs to its own event; a deliverable exists only for a
// confirmed sponsorship.
import { num, type Invariant } from './types.ts';

export const SPONSORSHIP_INVARIANTS: Invariant[] = [
  {
    name: 'package.sold-matches-holders',
    statement: "A package's sold count equals the number of sponsorships holding it.",
    async check(db) {
      const rows = await db
        .selectFrom('packages as p')
        .select((eb) => [
          'p.id',
          'p.name',
          'p.sold',
          eb
            .selectFrom('sponsorship_choices as c')
            .select((c) => c.fn.countAll().as('n'))
            .whereRef('c.package_id', '=', 'p.id')
            .as('holders'),
        ])
        .execute();
      return rows
        .filter((r) => num(r.sold) !== num(r.holders))
        .map(
          (r) => `package ${r.id} (${r.name}) has sold = ${num(r.sold)} but ${num(r.holders)} sponsorship(s) hold it`,
        );
    },
  },
  {
    name: 'choice.package-of-own-event',
    statement: "A sponsorship holds a package of its own event, and is offered only its own event's packages.",
    async check(db) {
      const chosen = await db
        .selectFrom('sponsorship_choices as c')
        .innerJoin('sponsorships as s', 's.id', 'c.sponsorship_id')
        .innerJoin('packages as p', 'p.id', 'c.package_id')
        .select(['s.id as sponsorship', 's.event_id', 'p.id as package', 'p.event_id as package_event'])
        .whereRef('p.event_id', '!=', 's.event_id')
        .execute();
      const offered = await db
        .selectFrom('sponsorship_offers as o')
        .innerJoin('sponsorships as s', 's.id', 'o.sponsorship_id')
        .innerJoin('packages as p', 'p.id', 'o.package_id')
        .select(['s.id as sponsorship', 's.event_id', 'p.id as package', 'p.event_id as package_event'])
        .whereRef('p.event_id', '!=', 's.event_id')
        .execute();
      return [
        ...chosen.map(
          (r) =>
            `sponsorship ${r.sponsorship} (event ${r.event_id}) holds package ${r.package} of event ${r.package_event}`,
        ),
        ...offered.map(
          (r) =>
            `sponsorship ${r.sponsorship} (event ${r.event_id}) is offered package ${r.package} of event ${r.package_event}`,
        ),
      ];
    },
  },
  {
    name: 'choice.held-while-not-ended',
    statement: 'A declined or withdrawn sponsorship holds no package (its slot was given back).',
    async check(db) {
      const rows = await db
        .selectFrom('sponsorship_choices as c')
        .innerJoin('sponsorships as s', 's.id', 'c.sponsorship_id')
        .select(['s.id', 's.status', 'c.package_id'])
        .where('s.status', 'in', ['declined', 'withdrawn'])
        .execute();
      return rows.map((r) => `sponsorship ${r.id} is ${r.status} but still holds package ${r.package_id}`);
    },
  },
  {
    name: 'sponsorship.organisation-of-its-event',
    statement: "A sponsorship and a package belong to their event's organisation.",
    async check(db) {
      const sponsorships = await db
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .select(['s.id', 's.organisation_id', 'e.id as event', 'e.organisation_id as event_organisation'])
        .whereRef('s.organisation_id', '!=', 'e.organisation_id')
        .execute();
      const packages = await db
        .selectFrom('packages as p')
        .innerJoin('events as e', 'e.id', 'p.event_id')
        .select(['p.id', 'p.organisation_id', 'e.id as event', 'e.organisation_id as event_organisation'])
        .whereRef('p.organisation_id', '!=', 'e.organisation_id')
        .execute();
      return [
        ...sponsorships.map(
          (r) =>
            `sponsorship ${r.id} belongs to organisation ${r.organisation_id}, its event ${r.event} to ${r.event_organisation}`,
        ),
        ...packages.map(
          (r) =>
            `package ${r.id} belongs to organisation ${r.organisation_id}, its event ${r.event} to ${r.event_organisation}`,
        ),
      ];
    },
  },
  {
    name: 'deliverable.of-confirmed-sponsorship',
    statement:
      "A deliverable exists only for a confirmed sponsorship, and carries that sponsorship's event and organisation.",
    async check(db) {
      const rows = await db
        .selectFrom('deliverables as d')
        .leftJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
        .select([
          'd.id',
          'd.title',
          'd.sponsorship_id',
          'd.event_id',
          'd.organisation_id',
          's.id as found',
          's.status',
          's.event_id as sponsorship_event',
          's.organisation_id as sponsorship_organisation',
        ])
        .where((eb) =>
          eb.or([
            eb('s.id', 'is', null),
            eb('s.status', '!=', 'confirmed'),
            eb('s.event_id', '!=', eb.ref('d.event_id')),
            eb('s.organisation_id', '!=', eb.ref('d.organisation_id')),
          ]),
        )
        .execute();
      return rows.map((r) =>
        r.found === null
          ? `deliverable ${r.id} (${r.title}) belongs to sponsorship ${r.sponsorship_id}, which does not exist`
          : r.status !== 'confirmed'
            ? `deliverable ${r.id} (${r.title}) belongs to sponsorship ${r.sponsorship_id}, which is ${r.status}, not confirmed`
            : `deliverable ${r.id} (${r.title}) names event ${r.event_id} of organisation ${r.organisation_id}, ` +
              `its sponsorship ${r.sponsorship_id} event ${r.sponsorship_event} of organisation ${r.sponsorship_organisation}`,
      );
    },
  },
];
