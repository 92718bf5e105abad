// The parts of the data export about a sponsor's packages (issue 18): per sponsorship the package
// it took, its activity log (who changed what, when), and its deliverables with what the sponsor
// provided, their comments, their delivery evidence with the sponsor's reactions (issue 60, point 1)
// and their log; a few queries for all of the sponsorships together. A picture is named by its
// size, not included: its bytes are in the platform, shown to both parties.
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
    evidence: EvidenceExport[];
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

type EvidenceExport = {
  kind: string;
  note: string | null;
  url: string | null;
  picture: { width: number; height: number; bytes: number } | null;
  added_at: string;
  added_by: string;
  thumbs_up_at: string | null;
  comments: { at: string; actor: string; text: string }[];
};

async function evidenceOf(db: Db, sponsorshipIds: number[]): Promise<Map<number, EvidenceExport[]>> {
  const [pieces, comments] = await Promise.all([
    db
      .selectFrom('deliverable_evidence')
      .select(['id', 'deliverable_id', 'kind', 'note', 'url', 'width', 'height', 'bytes', 'added_at', 'added_by'])
      .select('thumbs_up_at')
      .where('sponsorship_id', 'in', sponsorshipIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('deliverable_evidence_comments as c')
      .innerJoin('deliverable_evidence as e', 'e.id', 'c.evidence_id')
      .select(['c.evidence_id', 'c.at', 'c.actor', 'c.text'])
      .where('e.sponsorship_id', 'in', sponsorshipIds)
      .orderBy('c.id')
      .execute(),
  ]);
  const byDeliverable = new Map<number, EvidenceExport[]>();
  for (const p of pieces) {
    const list = byDeliverable.get(p.deliverable_id) ?? [];
    list.push({
      kind: p.kind,
      note: p.note,
      url: p.url,
      picture: p.width !== null && p.height !== null ? { width: p.width, height: p.height, bytes: p.bytes ?? 0 } : null,
      added_at: fromDbTime(p.added_at).toISOString(),
      added_by: p.added_by,
      thumbs_up_at: p.thumbs_up_at === null ? null : fromDbTime(p.thumbs_up_at).toISOString(),
      comments: comments
        .filter((c) => c.evidence_id === p.id)
        .map((c) => ({ at: fromDbTime(c.at).toISOString(), actor: c.actor, text: c.text })),
    });
    byDeliverable.set(p.deliverable_id, list);
  }
  return byDeliverable;
}

export async function packagesOfSponsorships(db: Db, ids: number[]): Promise<Map<number, SponsorshipPackageExport>> {
  const byId = new Map<number, SponsorshipPackageExport>(
    ids.map((id) => [id, { package_name: null, activity: [], deliverables: [], deliverable_activity: [] }]),
  );
  if (ids.length === 0) return byId;
  const [choices, activity, deliverables, comments, deliverableActivity, evidence] = await Promise.all([
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
    evidenceOf(db, ids),
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
      evidence: evidence.get(id) ?? [],
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
