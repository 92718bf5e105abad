import { useState } from 'react';
import type { SponsorshipActivityWire, SponsorshipStatus } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';

/** Entries shown before "show earlier": the latest, which say where the sponsorship stands. */
export const LATEST_ENTRIES = 3;

/**
 * The sponsorship's log of offers, choices, amount and status changes, which both parties see. Each
 * reads its own entries as "You chose …", not under its own address: the sponsor all of its side's,
 * an organisation member those with their address. The organisation reads the sponsor's entries under
 * the sponsor's organisation when it is known (issue 58: the sponsor named alike on every screen).
 */
export function ActivityList({
  activity,
  viewer = 'organisation',
  selfEmail = null,
  sponsorName = null,
}: {
  activity: SponsorshipActivityWire[];
  viewer?: SponsorshipActivityWire['side'];
  /** The signed-in member's address: on the organisation's side, their own entries read as theirs too. */
  selfEmail?: string | null;
  /** The sponsor's organisation, shown for the sponsor side's entries instead of an address. */
  sponsorName?: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [all, setAll] = useState(false);
  if (activity.length === 0) return null;
  const self = selfEmail?.toLowerCase();
  const mine = (entry: SponsorshipActivityWire) =>
    entry.side === viewer && (viewer === 'sponsor' || (self !== undefined && entry.by.toLowerCase() === self));
  const earlier = all ? 0 : Math.max(0, activity.length - LATEST_ENTRIES);
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('packages.activity.title')}</h3>
      {earlier > 0 ? (
        <Button variant="link" size="sm" className="h-auto self-start px-0 py-0" onClick={() => setAll(true)}>
          {t('packages.activity.earlier', { count: earlier })}
        </Button>
      ) : null}
      <ol className="flex flex-col gap-1.5 text-sm" data-testid="sponsorship-activity">
        {activity.slice(earlier).map((entry) => (
          <li key={entry.id} className="break-words">
            <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
              {format.dateTime(entry.at)}
            </time>{' '}
            {t(mine(entry) ? `packages.activity.you.${entry.kind}` : `packages.activity.${entry.kind}`, {
              by: entry.side === 'sponsor' && sponsorName ? sponsorName : entry.by,
              package: entry.package_name ?? '',
              amount: entry.amount_cents === null ? '' : format.currency(entry.amount_cents / 100),
              from: entry.from_status ? t(`sponsorships.status.${entry.from_status as SponsorshipStatus}`) : '',
              to: entry.to_status ? t(`sponsorships.status.${entry.to_status as SponsorshipStatus}`) : '',
            })}
            {entry.note ? <span className="block text-muted-foreground italic">{entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
