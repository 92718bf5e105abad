// What the packages module does when a sponsorship moves on: it logs each status change (who, when,
// from → to) in the sponsorship's activity, gives back the package slot of a sponsorship that ended
// (declined or withdrawn: in the transaction that ends it, its choice row removed and `sold` with it),
// logs an amount changed through PATCH /sponsorships/{id}
// (a note is required when the amount differs from the chosen package's price), and tells the
// fulfilment module the benefits of a sponsorship's package.
import { OPEN_SPONSORSHIP_STATUSES, type PackageBenefit } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';
import { fail } from '../../lib/errors.ts';
import type { EventMap } from '../domain-events.ts';
import type { AmountChange } from '../sponsorships/index.ts';
import type { SponsorshipChanges } from './changes.ts';
import type { ActivityEntry, PackagesRepository } from './repository.ts';

const OPEN: ReadonlySet<string> = new Set(OPEN_SPONSORSHIP_STATUSES);

export function createPackagesLifecycle(deps: {
  db: Db;
  repo: PackagesRepository;
  changes: SponsorshipChanges;
  clock?: () => Date;
}) {
  const { db, repo, changes } = deps;
  const now = deps.clock ?? (() => new Date());

  const record = async (trx: Db, entry: ActivityEntry) => {
    await trx
      .insertInto('sponsorship_activity')
      .values({ ...entry, at: toDbTime(entry.at) })
      .execute();
  };

  return {
    /** For the sponsorships module: an ended sponsorship's slot, given back in the transaction that ends it. */
    releaseSlot: (trx: Db, sponsorshipId: number) => repo.release(trx, sponsorshipId),

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
    },

    /** PATCH /sponsorships/{id}: decided on the held row; the amount it already has changes nothing. */
    changeAmount: (async (caller, sponsorship, amountCents, note) => {
      const text = note?.trim() ? note.trim() : null;
      const actor = caller.kind === 'user' ? (caller.email ?? '') : '';
      const voided = await changes.change(sponsorship.id, async (trx, current) => {
        if (!OPEN.has(current.status))
          throw fail('sponsorship.amount-locked', 'The amount of a decided sponsorship stays as it is');
        if (current.amountCents === amountCents) return null;
        const chosen = await repo.chosenIn(trx, sponsorship.id);
        if (chosen && chosen.priceCents !== amountCents && !text) {
          throw fail('request.validation-failed', 'An amount other than the package price needs a note', {
            note: 'required',
          });
        }
        const at = now();
        if (!(await repo.setAmount(trx, sponsorship.id, amountCents, at)))
          throw fail('sponsorship.amount-locked', 'The amount of a decided sponsorship stays as it is');
        await repo.recordActivity(trx, {
          sponsorship_id: sponsorship.id,
          at,
          side: 'organisation',
          actor,
          kind: 'amount_changed',
          package_name: chosen?.name ?? null,
          amount_cents: amountCents,
          note: text,
        });
        return { amountCents };
      });
      await changes.tellVoided(voided, { side: 'organisation', by: actor });
    }) satisfies AmountChange,

    /** The package of the sponsorship (chosen or assigned) with its benefits, or null. */
    /** For the invoices module: an invoice issued, cancelled or paid, in the sponsorship's activity log. */
    recordActivity: (entry: ActivityEntry, trx: Db = db) => record(trx, entry),

    async chosenPackage(
      sponsorshipId: number,
    ): Promise<{ id: number; name: string; benefits: PackageBenefit[] } | null> {
      const chosenId = await repo.chosenPackageId(sponsorshipId);
      const found = chosenId === null ? undefined : await repo.findById(chosenId);
      return found ? { id: found.id, name: found.name, benefits: found.benefits } : null;
    },
  };
}
