// Invariants of a sponsorship's status against its agreement (modules sponsorships, agreements): a
// signed sponsorship has the sponsor's signature (a valid one in a generated agreement, or the
// uploaded signed copy), a confirmed one its agreement too; a countersignature follows the
// sponsor's; a sealed agreement belongs to a confirmed sponsorship of its event.
import type { Invariant } from './types.ts';

export const AGREEMENT_INVARIANTS: Invariant[] = [
  {
    name: 'sponsorship.signed-has-signature',
    statement:
      "A signed or confirmed sponsorship has the sponsor's signature: the uploaded signed copy, a valid (not voided) " +
      'signature of the generated agreement, or the sealed agreement.',
    async check(db) {
      const rows = await db
        .selectFrom('sponsorships as s')
        .leftJoin('agreement_settings as a', 'a.event_id', 's.event_id')
        .select(['s.id', 's.status', 'a.mode'])
        .where('s.status', 'in', ['signed', 'confirmed'])
        .where('s.signed_file_id', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('agreement_signatures as g')
                .select('g.id')
                .whereRef('g.sponsorship_id', '=', 's.id')
                .where('g.side', '=', 'sponsor')
                .where('g.voided_at', 'is', null),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('signed_agreements as d').select('d.sha256').whereRef('d.sponsorship_id', '=', 's.id')),
          ),
        )
        .execute();
      return rows.map(
        (r) =>
          `sponsorship ${r.id} is ${r.status} (agreement ${r.mode ?? 'upload'}) without a signed copy, ` +
          "a valid sponsor's signature or a sealed agreement",
      );
    },
  },
  {
    name: 'agreement.countersigned-after-sponsor',
    statement: "A valid countersignature stands on a valid sponsor's signature of the same document.",
    async check(db) {
      const rows = await db
        .selectFrom('agreement_signatures as o')
        .select(['o.id', 'o.sponsorship_id', 'o.document_sha256'])
        .where('o.side', '=', 'organisation')
        .where('o.voided_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('agreement_signatures as g')
                .select('g.id')
                .whereRef('g.sponsorship_id', '=', 'o.sponsorship_id')
                .whereRef('g.document_sha256', '=', 'o.document_sha256')
                .where('g.side', '=', 'sponsor')
                .where('g.voided_at', 'is', null),
            ),
          ),
        )
        .execute();
      return rows.map(
        (r) =>
          `sponsorship ${r.sponsorship_id}: countersignature ${r.id} without a valid sponsor's signature of ` +
          `document ${r.document_sha256.slice(0, 12)}`,
      );
    },
  },
  {
    name: 'agreement.sealed-for-confirmed',
    statement:
      "A sealed agreement belongs to a confirmed sponsorship of its event and organisation, and names the sponsor's address.",
    async check(db) {
      const rows = await db
        .selectFrom('signed_agreements as d')
        .innerJoin('sponsorships as s', 's.id', 'd.sponsorship_id')
        .select([
          'd.sha256',
          's.id',
          's.status',
          'd.event_id',
          's.event_id as sponsorship_event',
          'd.organisation_id',
          's.organisation_id as sponsorship_organisation',
          'd.sponsor_email_normalized',
          's.sponsor_email_normalized as sponsorship_email',
        ])
        .where((eb) =>
          eb.or([
            eb('s.status', '!=', 'confirmed'),
            eb('d.event_id', '!=', eb.ref('s.event_id')),
            eb('d.organisation_id', '!=', eb.ref('s.organisation_id')),
            eb('d.sponsor_email_normalized', '!=', eb.ref('s.sponsor_email_normalized')),
          ]),
        )
        .execute();
      return rows.map((r) =>
        r.status !== 'confirmed'
          ? `sponsorship ${r.id} has a sealed agreement (${r.sha256.slice(0, 12)}) but is ${r.status}, not confirmed`
          : `sealed agreement ${r.sha256.slice(0, 12)} names event ${r.event_id}, organisation ${r.organisation_id}, ` +
            `${r.sponsor_email_normalized}; its sponsorship ${r.id} event ${r.sponsorship_event}, organisation ` +
            `${r.sponsorship_organisation}, ${r.sponsorship_email}`,
      );
    },
  },
  {
    name: 'agreement.sealed-with-both-signatures',
    statement: 'A sealed agreement names two signers, the sponsor and the organisation.',
    async check(db) {
      const rows = await db.selectFrom('signed_agreements').select(['sha256', 'sponsorship_id', 'signers']).execute();
      const problems: string[] = [];
      for (const r of rows) {
        let sides: string[] = [];
        try {
          const parsed = JSON.parse(r.signers) as Array<{ side?: unknown }>;
          sides = Array.isArray(parsed) ? parsed.map((s) => String(s.side)) : [];
        } catch {
          sides = [];
        }
        if (sides.length !== 2 || !sides.includes('sponsor') || !sides.includes('organisation'))
          problems.push(
            `sealed agreement ${r.sha256.slice(0, 12)} of sponsorship ${r.sponsorship_id} names the signers ` +
              `[${sides.join(', ')}], not the sponsor and the organisation`,
          );
      }
      return problems;
    },
  },
];
