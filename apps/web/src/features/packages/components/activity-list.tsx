import type { SponsorshipActivityWire, SponsorshipStatus } from '@sp/shared';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';

/** The sponsorship's log of offers, choices, amount and status changes, which both parties see. */
export function ActivityList({ activity }: { activity: SponsorshipActivityWire[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (activity.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('packages.activity.title')}</h3>
      <ol className="flex flex-col gap-1.5 text-sm" data-testid="sponsorship-activity">
        {activity.map((entry) => (
          <li key={entry.id} className="break-words">
            <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
              {format.dateTime(entry.at)}
            </time>{' '}
            {t(`packages.activity.${entry.kind}`, {
              by: entry.by,
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
