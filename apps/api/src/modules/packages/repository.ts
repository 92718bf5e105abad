// Kysely for packages, their benefits, the packages offered to a sponsorship, its choice and its
// activity log; the one writer of these tables. A choice is changed only on the sponsorship's held row
// (decision 059), so one sponsorship's repeated or concurrent choices decide one after the other on
// the choice the previous left; the slot is taken by one conditional update of `sold` (capacity null
// or sold < capacity), so when two sponsors take the last slot at once exactly one updates a row.
// `sold` is the number of sponsorships holding the package: it moves only with a choice row.
import type { BenefitKind, PackageBenefit, SavePackageRequest } from '@sp/shared';
import { sql } from 'kysely';
import { heldRows } from '../../db/held-rows.ts';
import type { Db } from '../../db/index.ts';
import type { SponsorshipActivityTable } from '../../db/schema.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import type { SponsorshipsApi } from '../sponsorships/index.ts';

export type PackageRecord = {
  id: number;
  eventId: number;
  organisationId: number;
  name: string;
  description: string;
  priceCents: number;
  capacity: number | null;
  sold: number;
  archived: boolean;
  inUse: boolean;
  benefits: PackageBenefit[];
};

export type ActivityEntry = Omit<SponsorshipActivityTable, 'id' | 'at'> & { at: Date };
export type ActivityRecord = ActivityEntry & { id: number };

type SavePackage = Required<SavePackageRequest>;

/** The sponsorships module's writes made in this module's transactions. */
export type SponsorshipWrites = Pick<SponsorshipsApi['writes'], 'setAmount' | 'lockOpen'>;

export const soldOut = () => fail('package.sold-out', 'This package has just sold out');
export const decided = () => fail('sponsorship.decided', 'The sponsorship is already decided');

export function createPackagesRepository(db: Db, writes: SponsorshipWrites) {
  const packageColumns = [
    'p.id',
    'p.event_id',
    'p.organisation_id',
    'p.name',
    'p.description',
    'p.price_cents',
    'p.capacity',
    'p.sold',
    'p.archived',
  ] as const;

  const inUse = () =>
    sql<number>`(case when exists (select 1 from sponsorship_offers o where o.package_id = p.id)
      or exists (select 1 from sponsorship_choices c where c.package_id = p.id) then 1 else 0 end)`.as('in_use');

  const withBenefits = async (
    trx: Db,
    rows: Array<{
      id: number;
      event_id: number;
      organisation_id: number;
      name: string;
      description: string;
      price_cents: number;
      capacity: number | null;
      sold: number;
      archived: number | boolean;
      in_use: number | string;
    }>,
  ): Promise<PackageRecord[]> => {
    const ids = rows.map((r) => r.id);
    const benefits = ids.length
      ? await trx
          .selectFrom('package_benefits')
          .selectAll()
          .where('package_id', 'in', ids)
          .orderBy('package_id')
          .orderBy('position')
          .execute()
      : [];
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      organisationId: r.organisation_id,
      name: r.name,
      description: r.description,
      priceCents: Number(r.price_cents),
      capacity: r.capacity === null ? null : Number(r.capacity),
      sold: Number(r.sold),
      archived: fromDbBool(r.archived),
      inUse: Number(r.in_use) === 1,
      benefits: benefits
        .filter((b) => b.package_id === r.id)
        .map((b) => ({
          title: b.title,
          kind: b.kind as BenefitKind,
          due_date: b.due_date,
          sponsor_delivers: fromDbBool(b.sponsor_delivers),
          ...(b.quantity === null ? {} : { quantity: Number(b.quantity) }),
        })),
    }));
  };

  const select = (trx: Db) => trx.selectFrom('packages as p').select([...packageColumns, inUse()]);

  const insertBenefits = async (trx: Db, packageId: number, benefits: PackageBenefit[]) => {
    if (benefits.length === 0) return;
    await trx
      .insertInto('package_benefits')
      .values(
        benefits.map((b, position) => ({
          package_id: packageId,
          position,
          title: b.title,
          kind: b.kind,
          due_date: b.due_date,
          sponsor_delivers: toDbBool(b.sponsor_delivers),
          quantity: b.quantity ?? null,
        })),
      )
      .execute();
  };

  /**
   * Holds the event's row for the rest of `trx`: the event's list of packages (which packages, in
   * which order) changes one transaction at a time, so two packages created at once get two
   * positions and an order is checked against the packages there are when it is written.
   */
  const holdPackageList = (trx: Db, eventId: number) =>
    heldRows(trx, trx.selectFrom('events').select('id').where('id', '=', eventId)).execute();

  const nextPosition = async (trx: Db, eventId: number) => {
    const row = await trx
      .selectFrom('packages')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
  };

  const insertPackage = async (trx: Db, eventId: number, organisationId: number, input: SavePackage, at: Date) => {
    const created = await trx
      .insertInto('packages')
      .values({
        event_id: eventId,
        organisation_id: organisationId,
        name: input.name,
        description: input.description,
        price_cents: input.price_cents,
        currency: 'EUR',
        capacity: input.capacity,
        position: await nextPosition(trx, eventId),
        created_at: toDbTime(at),
        updated_at: toDbTime(at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertBenefits(trx, created.id, input.benefits);
    return created.id;
  };

  /** The sponsorships holding a package (a change of the package shows in their agreements). */
  const holdersOf = async (trx: Db, packageId: number): Promise<number[]> => {
    const rows = await trx
      .selectFrom('sponsorship_choices')
      .select('sponsorship_id')
      .where('package_id', '=', packageId)
      .execute();
    return rows.map((r) => r.sponsorship_id);
  };

  /** A package read in `trx`. */
  const packageIn = async (trx: Db, id: number): Promise<PackageRecord | undefined> => {
    const [found] = await withBenefits(trx, await select(trx).where('p.id', '=', id).execute());
    return found;
  };

  const recordActivity = async (trx: Db, entry: ActivityEntry) => {
    await trx
      .insertInto('sponsorship_activity')
      .values({ ...entry, at: toDbTime(entry.at) })
      .execute();
  };

  return {
    async listForEvent(eventId: number): Promise<PackageRecord[]> {
      return withBenefits(
        db,
        await select(db).where('p.event_id', '=', eventId).orderBy('p.position').orderBy('p.id').execute(),
      );
    },

    async findById(id: number): Promise<PackageRecord | undefined> {
      const [found] = await withBenefits(db, await select(db).where('p.id', '=', id).execute());
      return found;
    },

    create(eventId: number, organisationId: number, input: SavePackage, at: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await holdPackageList(trx, eventId);
        return insertPackage(trx, eventId, organisationId, input, at);
      });
    },

    /**
     * Answers false when the new capacity is below what is already sold (checked in the update).
     * The open sponsorships holding the package are held first (their rows before the package's, the
     * order every change keeps), and `changed` runs in the transaction with their ids: their
     * agreements show the package.
     */
    update<R>(
      id: number,
      input: SavePackage,
      at: Date,
      changed: (trx: Db, holders: number[]) => Promise<R>,
    ): Promise<{ result: R } | false> {
      return db.transaction().execute(async (trx) => {
        const holders = await writes.lockOpen(trx, { ids: await holdersOf(trx, id) });
        let query = trx
          .updateTable('packages')
          .set({
            name: input.name,
            description: input.description,
            price_cents: input.price_cents,
            capacity: input.capacity,
            updated_at: toDbTime(at),
          })
          .where('id', '=', id);
        if (input.capacity !== null) query = query.where('sold', '<=', input.capacity);
        const updated = await query.executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false as const;
        await trx.deleteFrom('package_benefits').where('package_id', '=', id).execute();
        await insertBenefits(trx, id, input.benefits);
        return { result: await changed(trx, holders) };
      });
    },

    async setArchived(id: number, archived: boolean, at: Date): Promise<void> {
      await db
        .updateTable('packages')
        .set({ archived: toDbBool(archived), updated_at: toDbTime(at) })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a package nobody was offered or chose (checked in the statement); answers whether it did. */
    async deleteUnused(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('packages')
          .where('id', '=', id)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('sponsorship_offers').select('package_id').where('package_id', '=', id))),
          )
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('sponsorship_choices').select('package_id').where('package_id', '=', id))),
          )
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      });
    },

    /**
     * Puts the event's packages in the order of `ids`. Answers false, changing nothing, unless `ids`
     * names every package of the event once, as they are when the order is written.
     */
    async reorder(eventId: number, ids: number[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await holdPackageList(trx, eventId);
        const current = await trx.selectFrom('packages').select('id').where('event_id', '=', eventId).execute();
        const known = new Set(current.map((p) => p.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
          return false;
        for (const [position, id] of ids.entries()) {
          await trx
            .updateTable('packages')
            .set({ position })
            .where('id', '=', id)
            .where('event_id', '=', eventId)
            .execute();
        }
        return true;
      });
    },

    /** Copies the packages (not archived) of one event to another, after the packages it has. */
    async copy(fromEventId: number, toEventId: number, organisationId: number, at: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await holdPackageList(trx, toEventId);
        const source = await withBenefits(
          trx,
          await select(trx)
            .where('p.event_id', '=', fromEventId)
            .where('p.archived', '=', toDbBool(false))
            .orderBy('p.position')
            .orderBy('p.id')
            .execute(),
        );
        for (const p of source) {
          await insertPackage(
            trx,
            toEventId,
            organisationId,
            {
              name: p.name,
              description: p.description,
              price_cents: p.priceCents,
              capacity: p.capacity,
              benefits: p.benefits,
            },
            at,
          );
        }
        return source.length;
      });
    },

    /** Replaces the packages offered to a sponsorship (inside the inviting transaction). */
    async offer(trx: Db, sponsorshipId: number, packageIds: number[], entry: ActivityEntry | null): Promise<void> {
      await trx.deleteFrom('sponsorship_offers').where('sponsorship_id', '=', sponsorshipId).execute();
      if (packageIds.length > 0) {
        await trx
          .insertInto('sponsorship_offers')
          .values(packageIds.map((package_id) => ({ sponsorship_id: sponsorshipId, package_id })))
          .execute();
      }
      if (entry) await recordActivity(trx, entry);
    },

    async offered(sponsorshipId: number): Promise<PackageRecord[]> {
      return withBenefits(
        db,
        await select(db)
          .innerJoin('sponsorship_offers as so', 'so.package_id', 'p.id')
          .where('so.sponsorship_id', '=', sponsorshipId)
          .orderBy('p.position')
          .orderBy('p.id')
          .execute(),
      );
    },

    async chosenPackageId(sponsorshipId: number): Promise<number | null> {
      const row = await db
        .selectFrom('sponsorship_choices')
        .select('package_id')
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      return row?.package_id ?? null;
    },

    /** The offered package `packageId` of the sponsorship, read in `trx` (the offer may just have changed). */
    async offeredPackage(trx: Db, sponsorshipId: number, packageId: number): Promise<PackageRecord | undefined> {
      const [found] = await withBenefits(
        trx,
        await select(trx)
          .innerJoin('sponsorship_offers as so', 'so.package_id', 'p.id')
          .where('so.sponsorship_id', '=', sponsorshipId)
          .where('p.id', '=', packageId)
          .execute(),
      );
      return found;
    },

    packageIn,

    /** The sponsorship's package read in `trx`, or undefined. */
    async chosenIn(trx: Db, sponsorshipId: number): Promise<PackageRecord | undefined> {
      const row = await trx
        .selectFrom('sponsorship_choices')
        .select('package_id')
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      return row ? packageIn(trx, row.package_id) : undefined;
    },

    /**
     * Moves the sponsorship's choice from `fromId` (or none) to `toId`, on the sponsorship's held row:
     * takes a slot of `toId` by one conditional update (capacity null or sold < capacity, not
     * archived; else package.sold-out) and gives back the one of `fromId`. The two packages are
     * updated in id order, so two sponsorships swapping packages at once do not wait for each other.
     */
    async moveChoice(trx: Db, sponsorshipId: number, fromId: number | null, toId: number, at: Date): Promise<void> {
      const take = async () => {
        const taken = await trx
          .updateTable('packages')
          .set((eb) => ({ sold: eb('sold', '+', 1) }))
          .where('id', '=', toId)
          .where('archived', '=', toDbBool(false))
          .where((eb) => eb.or([eb('capacity', 'is', null), eb('sold', '<', eb.ref('capacity'))]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw soldOut();
      };
      const giveBack = async () => {
        if (fromId === null) return;
        await trx
          .updateTable('packages')
          .set((eb) => ({ sold: eb('sold', '-', 1) }))
          .where('id', '=', fromId)
          .where('sold', '>', 0)
          .execute();
      };
      if (fromId !== null && fromId < toId) {
        await giveBack();
        await take();
      } else {
        await take();
        await giveBack();
      }
      await trx
        .insertInto('sponsorship_choices')
        .values({ sponsorship_id: sponsorshipId, package_id: toId, chosen_at: toDbTime(at) })
        .onConflict((oc) => oc.column('sponsorship_id').doUpdateSet({ package_id: toId, chosen_at: toDbTime(at) }))
        .execute();
    },

    /** Removes the sponsorship's choice and gives its slot back (on its held row); answers whether it had one. */
    async release(trx: Db, sponsorshipId: number): Promise<boolean> {
      const removed = await trx
        .deleteFrom('sponsorship_choices')
        .where('sponsorship_id', '=', sponsorshipId)
        .returning('package_id')
        .executeTakeFirst();
      if (!removed) return false;
      await trx
        .updateTable('packages')
        .set((eb) => ({ sold: eb('sold', '-', 1) }))
        .where('id', '=', removed.package_id)
        .where('sold', '>', 0)
        .execute();
      return true;
    },

    /** The sponsorships holding a package (for a change of the package that their agreements show). */
    async holders(trx: Db, packageId: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('sponsorship_choices')
        .select('sponsorship_id')
        .where('package_id', '=', packageId)
        .execute();
      return rows.map((r) => r.sponsorship_id);
    },

    recordActivity,

    setAmount: writes.setAmount,

    async activity(sponsorshipId: number): Promise<ActivityRecord[]> {
      const rows = await db
        .selectFrom('sponsorship_activity')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        ...r,
        at: fromDbTime(r.at),
        amount_cents: r.amount_cents === null ? null : Number(r.amount_cents),
      }));
    },
  };
}

export type PackagesRepository = ReturnType<typeof createPackagesRepository>;
