// The rules of packages: organisers (veranstalter, beides) of the event's organisation manage its
// packages; a package in use is archived, not deleted. A sponsorship's sponsor chooses one of the
// packages it was offered, an organiser may assign any package of the event and change the amount
// with a note; both parties see the offer, the choice and the activity log. Whose sponsorship it is
// and who decides are the sponsorships module's rules.
import type { OfferedPackageWire, PackageWire, SponsorshipActivityWire, SponsorshipPackagesResponse } from '@sp/shared';
import { AppError, fail } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import {
  authorFor,
  type SponsorshipCaller,
  type SponsorshipParties,
  type SponsorshipRecord,
  type SponsorshipSide,
} from '../sponsorships/index.ts';
import { OPEN_SPONSORSHIP_STATUSES, type SponsorshipStatus } from '@sp/shared';
import type { SponsorshipChanges } from './changes.ts';
import { decided, type PackageRecord, type PackagesRepository } from './repository.ts';

/** A signed-in organiser, as the events module's access rules take them. */
type Caller = { sub: string; email?: string | undefined };

type SavePackage = Parameters<PackagesRepository['create']>[2];

const packageNotFound = () => fail('package.not-found', 'Package not found');
const notOffered = () => fail('package.not-offered', 'This package is not offered to this sponsorship');

export const toPackageWire = (p: PackageRecord): PackageWire => ({
  id: p.id,
  event_id: p.eventId,
  name: p.name,
  description: p.description,
  price_cents: p.priceCents,
  currency: 'EUR',
  capacity: p.capacity,
  sold: p.sold,
  archived: p.archived,
  in_use: p.inUse,
  benefits: p.benefits,
});

const toOfferedWire = (p: PackageRecord): OfferedPackageWire => {
  const { in_use: _inUse, archived: _archived, ...rest } = toPackageWire(p);
  return { ...rest, sold_out: p.archived || (p.capacity !== null && p.sold >= p.capacity) };
};

const isOpenStatus = (status: SponsorshipStatus) => (OPEN_SPONSORSHIP_STATUSES as readonly string[]).includes(status);

export const choiceClosed = () =>
  fail('package.choice-closed', 'The sponsorship is confirmed; its package can no longer be chosen');

/** The tables an event's package list is made from. */
const PACKAGE_LIST_READS = [
  'packages',
  'package_benefits',
  'sponsorship_offers',
  'sponsorship_choices',
  'sponsorship_activity',
  'sponsorships',
  'events',
] as const;

export function createPackagesService(deps: {
  repo: PackagesRepository;
  events: EventAccess;
  sponsorships: SponsorshipParties;
  changes: SponsorshipChanges;
  clock?: () => Date;
}) {
  const { repo, events, sponsorships } = deps;
  const now = deps.clock ?? (() => new Date());
  const { change: changeSponsorship, tellVoided } = deps.changes;

  /** A package of an event the caller organises; 404 for another organisation's. */
  const organiserPackage = async (caller: Caller, id: number) => {
    const found = await repo.findById(id);
    if (!found) {
      await events.organiserOrganisation(caller);
      throw packageNotFound();
    }
    await events.organiserEvent(caller, found.eventId).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404) throw packageNotFound();
      throw error;
    });
    return found;
  };

  const list = async (eventId: number) => (await repo.listForEvent(eventId)).map(toPackageWire);

  const actorOf = (caller: SponsorshipCaller, sponsorship: SponsorshipRecord, side: 'organisation' | 'sponsor') =>
    side === 'sponsor' ? sponsorship.sponsorEmail : caller.kind === 'user' ? (caller.email ?? '') : '';

  const toActivityWire = (
    entry: Awaited<ReturnType<PackagesRepository['activity']>>[number],
    viewer: SponsorshipSide,
    sponsorship: SponsorshipRecord,
  ): SponsorshipActivityWire => ({
    id: entry.id,
    at: entry.at.toISOString(),
    side: entry.side,
    by: authorFor(viewer, entry, sponsorship.organisationName),
    kind: entry.kind,
    package_name: entry.package_name,
    amount_cents: entry.amount_cents === null ? null : Number(entry.amount_cents),
    note: entry.note,
    from_status: entry.from_status ?? null,
    to_status: entry.to_status ?? null,
  });

  /** The sponsorship's packages and history as `viewer`'s side sees them. */
  const sponsorshipPackages = async ({
    sponsorship,
    side: viewer,
  }: {
    sponsorship: SponsorshipRecord;
    side: SponsorshipSide;
  }): Promise<SponsorshipPackagesResponse> => {
    const [offered, chosenId, activity] = await Promise.all([
      repo.offered(sponsorship.id),
      repo.chosenPackageId(sponsorship.id),
      repo.activity(sponsorship.id),
    ]);
    const chosen =
      chosenId === null ? null : (offered.find((p) => p.id === chosenId) ?? (await repo.findById(chosenId)) ?? null);
    return {
      offered: offered.filter((p) => !p.archived || p.id === chosenId).map(toOfferedWire),
      chosen: chosen ? toOfferedWire(chosen) : null,
      amount_cents: sponsorship.amountCents,
      choice_open: isOpenStatus(sponsorship.status),
      activity: activity.map((entry) => toActivityWire(entry, viewer, sponsorship)),
    };
  };

  /** After a write: the sponsorship as it is now (its amount changed). */
  const reread = async (caller: SponsorshipCaller, id: number) =>
    sponsorshipPackages(await sponsorships.visible(caller, id));

  return {
    /** GET /event/{id}/packages */
    async listForEvent(caller: Caller, eventId: number) {
      // For the read cache: the tables the list is made from (read-cache/index.ts).
      const event = await events.organiserEvent(caller, eventId);
      return {
        key: `packages:${event.id}`,
        reads: PACKAGE_LIST_READS,
        load: async () => ({ body: await list(event.id) }),
      };
    },

    /** POST /event/{id}/packages */
    async create(caller: Caller, eventId: number, input: SavePackage): Promise<PackageWire> {
      const event = await events.organiserEvent(caller, eventId);
      const id = await repo.create(event.id, event.organisationId, input, now());
      return toPackageWire((await repo.findById(id))!);
    },

    /** PUT /packages/{id}: a changed name or benefits void the signatures that showed the old ones. */
    async update(caller: Caller, id: number, input: SavePackage): Promise<PackageWire> {
      const found = await organiserPackage(caller, id);
      const done = await repo.update(found.id, input, now(), (trx, holders) =>
        deps.changes.voidPackage(trx, holders, {
          name: input.name,
          benefits: input.benefits.map((b) => ({ title: b.title, dueDate: b.due_date })),
        }),
      );
      if (!done) throw fail('package.capacity-below-sold', 'More of this package are sold than the new capacity');
      await tellVoided(done.result, { side: 'organisation', by: caller.email ?? '' });
      return toPackageWire((await repo.findById(id))!);
    },

    /** POST /packages/{id}/archive */
    async setArchived(caller: Caller, id: number, archived: boolean): Promise<PackageWire> {
      const found = await organiserPackage(caller, id);
      await repo.setArchived(found.id, archived, now());
      return toPackageWire((await repo.findById(id))!);
    },

    /** DELETE /packages/{id}: only a package nobody was offered or chose. */
    async remove(caller: Caller, id: number): Promise<void> {
      const found = await organiserPackage(caller, id);
      if (!(await repo.deleteUnused(found.id))) {
        throw fail('package.in-use', 'A package in use cannot be deleted, only archived');
      }
    },

    /** PUT /event/{id}/packages/order */
    async reorder(caller: Caller, eventId: number, ids: number[]): Promise<PackageWire[]> {
      const event = await events.organiserEvent(caller, eventId);
      if (!(await repo.reorder(event.id, ids))) {
        throw fail('request.validation-failed', 'Name every package of the event once', { package_ids: 'invalid' });
      }
      return list(event.id);
    },

    /** POST /event/{id}/packages/copy */
    async copy(caller: Caller, eventId: number, fromEventId: number): Promise<PackageWire[]> {
      const event = await events.organiserEvent(caller, eventId);
      const from = await events.organiserEvent(caller, fromEventId);
      if (from.id === event.id)
        throw fail('request.validation-failed', 'Copy from another event', { from_event_id: 'same_event' });
      await repo.copy(from.id, event.id, event.organisationId, now());
      return list(event.id);
    },

    /**
     * For the invitations module, before it invites: the packages must be packages of the event
     * that are not archived. Answers the write to make in the inviting transaction.
     */
    async prepareOffer(event: { id: number }, packageIds: number[] | undefined, actor: string) {
      if (packageIds === undefined) return null;
      const ids = [...new Set(packageIds)];
      const ofEvent = new Map((await repo.listForEvent(event.id)).map((p) => [p.id, p]));
      const chosen = ids.map((id) => ofEvent.get(id));
      if (chosen.some((p) => !p || p.archived)) {
        throw fail('request.validation-failed', 'Offer packages of this event that are not archived', {
          package_ids: 'invalid',
        });
      }
      return async (trx: Parameters<PackagesRepository['offer']>[0], sponsorshipId: number) =>
        repo.offer(
          trx,
          sponsorshipId,
          ids,
          ids.length === 0
            ? null
            : {
                sponsorship_id: sponsorshipId,
                at: now(),
                side: 'organisation',
                actor,
                kind: 'offered',
                package_name: chosen.map((p) => p!.name).join(', '),
                amount_cents: null,
                note: null,
              },
        );
    },

    /** GET /sponsorships/{id}/packages */
    async forSponsorship(caller: SponsorshipCaller, id: number): Promise<SponsorshipPackagesResponse> {
      return sponsorshipPackages(await sponsorships.visible(caller, id));
    },

    /**
     * POST /sponsorships/{id}/package: the sponsor's choice among the offered packages, decided on the
     * sponsorship's held row (decision 059): choosing the package it has changes nothing.
     */
    async choose(caller: SponsorshipCaller, id: number, packageId: number): Promise<SponsorshipPackagesResponse> {
      const { sponsorship, side } = await sponsorships.visible(caller, id);
      if (side !== 'sponsor') throw fail('package.sponsor-chooses', 'Only the sponsor chooses; organisers assign');
      const actor = actorOf(caller, sponsorship, side);
      const voided = await changeSponsorship(sponsorship.id, async (trx, current) => {
        if (current.status === 'confirmed') throw choiceClosed();
        if (!isOpenStatus(current.status)) throw decided();
        const target = await repo.offeredPackage(trx, sponsorship.id, packageId);
        if (!target) throw notOffered();
        const had = await repo.chosenIn(trx, sponsorship.id);
        if (had?.id === target.id) return null;
        const at = now();
        await repo.moveChoice(trx, sponsorship.id, had?.id ?? null, target.id, at);
        if (!(await repo.setAmount(trx, sponsorship.id, target.priceCents, at))) throw decided();
        await repo.recordActivity(trx, {
          sponsorship_id: sponsorship.id,
          at,
          side,
          actor,
          kind: 'chosen',
          package_name: target.name,
          amount_cents: target.priceCents,
          note: null,
        });
        return { amountCents: target.priceCents };
      });
      await tellVoided(voided, { side, by: actor });
      return reread(caller, id);
    },

    /**
     * POST /sponsorships/{id}/assignment: an organiser assigns a package and/or changes the amount, in
     * one transaction on the sponsorship's held row; what it already is changes nothing.
     */
    async assign(
      caller: SponsorshipCaller,
      id: number,
      body: { package_id?: number | undefined; amount_cents?: number | undefined; note?: string | undefined },
    ): Promise<SponsorshipPackagesResponse> {
      const sponsorship = await sponsorships.organiserSponsorship(caller, id);
      const actor = actorOf(caller, sponsorship, 'organisation');
      const note = body.note ? body.note : null;
      const voided = await changeSponsorship(sponsorship.id, async (trx, current) => {
        if (current.status === 'confirmed' && body.package_id !== undefined) throw choiceClosed();
        if (!isOpenStatus(current.status)) throw decided();
        let amount = current.amountCents;
        let changed = false;
        const at = now();
        if (body.package_id !== undefined) {
          const target = await repo.packageIn(trx, body.package_id);
          if (!target || target.eventId !== current.eventId) throw packageNotFound();
          const had = await repo.chosenIn(trx, sponsorship.id);
          if (had?.id !== target.id) {
            amount = body.amount_cents ?? target.priceCents;
            await repo.moveChoice(trx, sponsorship.id, had?.id ?? null, target.id, at);
            if (!(await repo.setAmount(trx, sponsorship.id, amount, at))) throw decided();
            await repo.recordActivity(trx, {
              sponsorship_id: sponsorship.id,
              at,
              side: 'organisation',
              actor,
              kind: 'assigned',
              package_name: target.name,
              amount_cents: amount,
              note,
            });
            changed = true;
          }
        }
        if (body.amount_cents !== undefined && amount !== body.amount_cents) {
          if (!note) throw fail('request.validation-failed', 'A changed amount needs a note', { note: 'required' });
          if (!(await repo.setAmount(trx, sponsorship.id, body.amount_cents, at))) throw decided();
          await repo.recordActivity(trx, {
            sponsorship_id: sponsorship.id,
            at,
            side: 'organisation',
            actor,
            kind: 'amount_changed',
            package_name: null,
            amount_cents: body.amount_cents,
            note,
          });
          amount = body.amount_cents;
          changed = true;
        }
        return changed ? { amountCents: amount } : null;
      });
      await tellVoided(voided, { side: 'organisation', by: actor });
      return reread(caller, id);
    },
  };
}

export type PackagesService = ReturnType<typeof createPackagesService>;
