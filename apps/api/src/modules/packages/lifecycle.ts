// What the packages module does when a sponsorship moves on: it logs each status change (who, when,
// from → to) in the sponsorship's activity, gives back the package slot of a sponsorship that ended
// (declined or withdrawn: its choice is removed and `sold` decremented by one conditional update, so a
// repeated event releases nothing twice), logs an amount changed through PATCH /sponsorships/{id}
// (a note is required when the amount differs from the chosen package's price), and tells the
// fulfilment module the benefits of a sponsorship's package.
import type { PackageBenefit } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { EventMap } from '../domain-events.ts';
import type { AmountChange } from '../sponsorships/index.ts';
import type { ActivityEntry, PackagesRepository } from './repository.ts';

const ENDED = new Set(['declined', 'withdrawn']);

export function createPackagesLifecycle(deps: { db: Db; repo: PackagesRepository; clock?: () => Date }) {
  const { db, repo } = deps;
  const now = deps.clock ?? (() => new Date());

  const record = async (trx: Db, entry: ActivityEntry) => {
    await trx
      .insertInto('sponsorship_activity')
      .values({ ...entry, at: toDbTime(entry.at) })
      .execute();
  };

  /** Removes the sponsorship's choice and gives its slot back; answers whether there was one. */
  const release = (sponsorshipId: number): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('sponsorship_choices')
        .select('package_id')
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      if (!current) return false;
      const removed = await trx
        .deleteFrom('sponsorship_choices')
        .where('sponsorship_id', '=', sponsorshipId)
        .where('package_id', '=', current.package_id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await trx
        .updateTable('packages')
        .set((eb) => ({ sold: eb('sold', '-', 1) }))
        .where('id', '=', current.package_id)
        .where('sold', '>', 0)
        .execute();
      return true;
    });

  return {
    release,

    /** Subscribed to `sponsorship.activity`. */
    async onSponsorshipActivity(notice: EventMap['sponsorship.activity']): Promise<void> {
      if (notice.kind !== 'status_changed' || notice.sponsorshipId === undefined) return;
      const to = notice.params.status ?? '';
      await record(db, {
        sponsorship_id: notice.sponsorshipId,
        at: now(),
        side: notice.actor?.side ?? 'organisation',
        actor: notice.actor?.by ?? '',
        kind: 'status_changed',
        package_name: null,
        amount_cents: null,
        note: null,
        from_status: notice.from ?? null,
        to_status: to,
      });
      if (ENDED.has(to)) await release(notice.sponsorshipId);
    },

    changeAmount: (async (caller, sponsorship, amountCents, note) => {
      const chosenId = await repo.chosenPackageId(sponsorship.id);
      const chosen = chosenId === null ? undefined : await repo.findById(chosenId);
      const text = note?.trim() ? note.trim() : null;
      if (chosen && chosen.priceCents !== amountCents && !text) {
        throw fail('request.validation-failed', 'An amount other than the package price needs a note', {
          note: 'required',
        });
      }
      try {
        await repo.changeAmount(sponsorship.id, amountCents, {
          sponsorship_id: sponsorship.id,
          at: now(),
          side: 'organisation',
          actor: caller.kind === 'user' ? (caller.email ?? '') : '',
          kind: 'amount_changed',
          package_name: chosen?.name ?? null,
          amount_cents: amountCents,
          note: text,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'sponsorship.decided') {
          throw fail('sponsorship.amount-locked', 'The amount of a decided sponsorship stays as it is');
        }
        throw error;
      }
    }) satisfies AmountChange,

    /** The package of the sponsorship (chosen or assigned) with its benefits, or null. */
    /** For the invoices module: an invoice issued, cancelled or paid, in the sponsorship's activity log. */
    recordActivity: (entry: ActivityEntry) => record(db, entry),

    async chosenPackage(
      sponsorshipId: number,
    ): Promise<{ id: number; name: string; benefits: PackageBenefit[] } | null> {
      const chosenId = await repo.chosenPackageId(sponsorshipId);
      const found = chosenId === null ? undefined : await repo.findById(chosenId);
      return found ? { id: found.id, name: found.name, benefits: found.benefits } : null;
    },
  };
}
