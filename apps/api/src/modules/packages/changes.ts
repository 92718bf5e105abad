// How this module changes a sponsorship (its package, its amount): on the sponsorship's held row, in
// one transaction that also voids the agreement's signatures the change no longer matches and takes a
// `signed` sponsorship back (decision 059); what was voided is told once the transaction committed.
import type { Db } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';
import type { AgreementVoiding, SnapshotParts, Voided } from '../agreements/index.ts';
import type { LockedSponsorship, SponsorshipsApi } from '../sponsorships/index.ts';
import type { PackageRecord, PackagesRepository } from './repository.ts';

/** What a change made: the sponsorship's amount afterwards; null when it changed nothing. */
type Changed = { amountCents: number | null } | null;

const packagePart = (p: PackageRecord | undefined): SnapshotParts['package'] =>
  p ? { name: p.name, benefits: p.benefits.map((b) => ({ title: b.title, dueDate: b.due_date })) } : null;

export function createSponsorshipChanges(deps: {
  repo: PackagesRepository;
  writes: Pick<SponsorshipsApi['writes'], 'locked'>;
  agreements: AgreementVoiding;
}) {
  const { repo, writes, agreements } = deps;
  return {
    /** Runs `work` on the held row; when it changed something, the agreement follows in the same transaction. */
    change(id: number, work: (trx: Db, current: LockedSponsorship) => Promise<Changed>): Promise<Voided[]> {
      return writes.locked(id, async (trx, current) => {
        if (!current) throw fail('sponsorship.not-found', 'Sponsorship not found');
        const changed = await work(trx, current);
        if (!changed) return [];
        return agreements.voidChanged(trx, [id], {
          package: packagePart(await repo.chosenIn(trx, id)),
          amountCents: changed.amountCents,
        });
      });
    },

    /** A package's new name or benefits, for the open sponsorships holding it (held by the caller). */
    voidPackage: (trx: Db, holders: number[], part: NonNullable<SnapshotParts['package']>) =>
      agreements.voidChanged(trx, holders, { package: part }),

    tellVoided: (voided: Voided[], actor: { side: 'organisation' | 'sponsor'; by: string }) =>
      voided.length === 0 ? Promise.resolve() : agreements.tellVoided(voided, actor),
  };
}

export type SponsorshipChanges = ReturnType<typeof createSponsorshipChanges>;
