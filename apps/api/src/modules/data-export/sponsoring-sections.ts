// The parts of the data export about a sponsor's packages (issue 18): per sponsorship the package
// it took, its activity log (who changed what, when), and its deliverables with what the sponsor
// provided, their comments and their log; a few queries for all of the sponsorships together.
import type { Db } from '../../db/index.ts';
import { fromDbTime } from '../../db/values.ts';

export type SponsorshipPackageExport = {
  package_name: string | null;
  activity: {
    at: string;
    side: string;
    actor: string;
    kind: string;
    package_name: string | null;
    amount_cents: number | null;
    note: string | null;
    from_status: string | null;
    to_status: string | null;
  }[];
  deliverables: {
    title: string;
    kind: string;
    status: string;
    due_date: string | null;
    sponsor_input: string | null;
    provided_at: string | null;
    comments: { at: string; side: string; actor: string; text: string }[];
  }[];
  deliverable_activity: {
    at: string;
    side: string;
    actor: string;
    kind: string;
    title: string | null;
    detail: string | null;
  }[];
};

export async function packagesOfSponsorships(db: Db, ids: number[]): Promise<Map<number, SponsorshipPackageExport>> {
  const byId = new Map<number, SponsorshipPackageExport>(
    ids.map((id) => [id, { package_name: null, activity: [], deliverables: [], deliverable_activity: [] }]),
  );
  if (ids.length === 0) return byId;
  const [choices, activity, deliverables, comments, deliverableActivity] = await Promise.all([
    db
      .selectFrom('sponsorship_choices as c')
      .innerJoin('packages as p', 'p.id', 'c.package_id')
      .select(['c.sponsorship_id', 'p.name'])
      .where('c.sponsorship_id', 'in', ids)
      .execute(),
    db
      .selectFrom('sponsorship_activity')
      .select([
        'sponsorship_id',
        'at',
        'side',
        'actor',
        'kind',
        'package_name',
        'amount_cents',
        'note',
        'from_status',
        'to_status',
      ])
      .where('sponsorship_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('deliverables')
      .select(['id', 'sponsorship_id', 'title', 'kind', 'status', 'due_date', 'sponsor_input', 'provided_at'])
      .where('sponsorship_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('deliverable_comments as c')
      .innerJoin('deliverables as d', 'd.id', 'c.deliverable_id')
      .select(['c.deliverable_id', 'c.at', 'c.side', 'c.actor', 'c.text'])
      .where('d.sponsorship_id', 'in', ids)
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('deliverable_activity')
      .select(['sponsorship_id', 'at', 'side', 'actor', 'kind', 'title', 'detail'])
      .where('sponsorship_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const commentsOf = new Map<number, SponsorshipPackageExport['deliverables'][number]['comments']>();
  for (const { deliverable_id, at, ...comment } of comments) {
    const list = commentsOf.get(deliverable_id) ?? [];
    list.push({ ...comment, at: fromDbTime(at).toISOString() });
    commentsOf.set(deliverable_id, list);
  }
  for (const { id, sponsorship_id, provided_at, ...deliverable } of deliverables)
    byId.get(sponsorship_id)!.deliverables.push({
      ...deliverable,
      provided_at: provided_at === null ? null : fromDbTime(provided_at).toISOString(),
      comments: commentsOf.get(id) ?? [],
    });
  for (const { sponsorship_id, at, ...entry } of deliverableActivity)
    byId.get(sponsorship_id)!.deliverable_activity.push({ ...entry, at: fromDbTime(at).toISOString() });
  for (const choice of choices) byId.get(choice.sponsorship_id)!.package_name = choice.name;
  for (const { sponsorship_id, at, amount_cents, from_status, to_status, ...entry } of activity)
    byId.get(sponsorship_id)!.activity.push({
      ...entry,
      at: fromDbTime(at).toISOString(),
      amount_cents: amount_cents === null ? null : Number(amount_cents),
      from_status: from_status ?? null,
      to_status: to_status ?? null,
    });
  return byId;
}
