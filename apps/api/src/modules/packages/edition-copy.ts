// The packages module's part of planning a next edition (decision 101): the event's packages that are
// not archived, with their benefits, copied in the planning transaction at their new prices. Only
// what the organiser set up is copied; slots start empty and no offer or choice comes along.
import type { Db } from '../../db/index.ts';
import { toDbBool, toDbTime } from '../../db/values.ts';

type CopiedPackage = { fromId: number; toId: number; name: string; priceCents: number };

export async function copyPackagesForEdition(
  trx: Db,
  input: {
    fromEventId: number;
    toEventId: number;
    organisationId: number;
    at: Date;
    /** The new price of a package by its id and old price. */
    priceOf: (packageId: number, priceCents: number) => number;
  },
): Promise<CopiedPackage[]> {
  const source = await trx
    .selectFrom('packages')
    .select(['id', 'name', 'description', 'price_cents', 'currency', 'capacity', 'position'])
    .where('event_id', '=', input.fromEventId)
    .where('archived', '=', toDbBool(false))
    .orderBy('position')
    .orderBy('id')
    .execute();
  const copied: CopiedPackage[] = [];
  for (const [position, p] of source.entries()) {
    const priceCents = input.priceOf(Number(p.id), Number(p.price_cents));
    const row = await trx
      .insertInto('packages')
      .values({
        event_id: input.toEventId,
        organisation_id: input.organisationId,
        name: p.name,
        description: p.description,
        price_cents: priceCents,
        currency: p.currency,
        capacity: p.capacity === null ? null : Number(p.capacity),
        position,
        created_at: toDbTime(input.at),
        updated_at: toDbTime(input.at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const benefits = await trx
      .selectFrom('package_benefits')
      .select(['position', 'title', 'kind', 'due_date', 'sponsor_delivers', 'quantity'])
      .where('package_id', '=', Number(p.id))
      .orderBy('position')
      .execute();
    if (benefits.length > 0) {
      await trx
        .insertInto('package_benefits')
        .values(benefits.map((b) => ({ ...b, package_id: Number(row.id) })))
        .execute();
    }
    copied.push({ fromId: Number(p.id), toId: Number(row.id), name: p.name, priceCents });
  }
  return copied;
}
