// The parts of the data export about a sponsor's packages (issue 18): per sponsorship the package
// it took and its activity log (who changed what, when), read in two queries for all of them.
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
  }[];
};

export async function packagesOfSponsorships(db: Db, ids: number[]): Promise<Map<number, SponsorshipPackageExport>> {
  const byId = new Map<number, SponsorshipPackageExport>(ids.map((id) => [id, { package_name: null, activity: [] }]));
  if (ids.length === 0) return byId;
  const [choices, activity] = await Promise.all([
    db
      .selectFrom('sponsorship_choices as c')
      .innerJoin('packages as p', 'p.id', 'c.package_id')
      .select(['c.sponsorship_id', 'p.name'])
      .where('c.sponsorship_id', 'in', ids)
      .execute(),
    db
      .selectFrom('sponsorship_activity')
      .select(['sponsorship_id', 'at', 'side', 'actor', 'kind', 'package_name', 'amount_cents', 'note'])
      .where('sponsorship_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  for (const choice of choices) byId.get(choice.sponsorship_id)!.package_name = choice.name;
  for (const { sponsorship_id, at, amount_cents, ...entry } of activity)
    byId.get(sponsorship_id)!.activity.push({
      ...entry,
      at: fromDbTime(at).toISOString(),
      amount_cents: amount_cents === null ? null : Number(amount_cents),
    });
  return byId;
}
