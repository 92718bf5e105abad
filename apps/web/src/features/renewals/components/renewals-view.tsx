import { useQuery } from '@tanstack/react-query';
import { BellIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { RENEWAL_STATES, type RenewalState } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { renewalsQueryOptions, useOfferRenewals, useRemindRenewal } from '../api/renewals';
import { OfferForm } from './offer-form';

const BADGE: Record<RenewalState, string> = {
  not_offered: 'bg-muted text-muted-foreground',
  offered: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  declined: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
  no_answer: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
};

/** The renewal view of a next edition: last edition's sponsors, the offers in one step, answers and reminders. */
export function RenewalsView({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const query = useQuery(renewalsQueryOptions(eventId));
  const offer = useOfferRenewals(eventId);
  const remind = useRemindRenewal(eventId);

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('renewals.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-2" role="alert">
        <p className="text-sm text-destructive">{t('renewals.loadFailed')}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('renewals.retry')}
        </Button>
      </div>
    );
  }
  const { previous_event: previous, packages, rows } = query.data;
  if (!previous) return <p className="text-muted-foreground">{t('renewals.noPrevious')}</p>;
  const counts = Object.fromEntries(RENEWAL_STATES.map((s) => [s, rows.filter((r) => r.state === s).length]));

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {t('renewals.previous', { title: previous.title, date: formatDate(previous.event_date, language) })}
      </p>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">{t('renewals.noSponsors')}</p>
      ) : (
        <>
          <ul aria-label={t('renewals.summary')} className="flex flex-wrap gap-2">
            {RENEWAL_STATES.map((state) => (
              <li key={state} className={cn('rounded-full px-3 py-1 text-sm', BADGE[state])}>
                {t(`renewals.states.${state}`)}: {counts[state]}
              </li>
            ))}
          </ul>
          <OfferForm
            rows={rows}
            packages={packages}
            today={new Date()}
            onSubmit={async (body) => {
              try {
                const answer = await offer.mutateAsync(body);
                toast.success(t('renewals.offer.done', { count: answer.offered }));
              } catch (error) {
                toast.error(getErrorMessage(error, t));
              }
            }}
          />
          <section aria-labelledby="renewal-answers" className="flex flex-col gap-3">
            <h2 id="renewal-answers" className="text-lg font-semibold">
              {t('renewals.answers')}
            </h2>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {rows
                .filter((r) => r.offer)
                .map((row) => (
                  <li
                    key={row.previous_sponsorship_id}
                    className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                    data-testid="renewal-row"
                  >
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium break-words">{row.sponsor_name ?? row.sponsor_email}</span>
                      <span className="text-xs text-muted-foreground">
                        {t('renewals.offered', {
                          name: row.offer!.package_name,
                          date: formatDate(row.offer!.deadline, language),
                        })}
                      </span>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={cn('rounded-full px-3 py-1 text-sm', BADGE[row.state])}>
                        {t(`renewals.states.${row.state}`)}
                      </span>
                      {row.state === 'offered' ? (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          disabled={remind.isPending}
                          onClick={() =>
                            remind.mutate(row.offer!.id, {
                              onSuccess: (answer) =>
                                answer.queued
                                  ? toast.success(t('renewals.reminded'))
                                  : toast.info(t('renewals.remindedToday')),
                              onError: (error) => toast.error(getErrorMessage(error, t)),
                            })
                          }
                        >
                          <BellIcon aria-hidden="true" />
                          {t('renewals.remind')}
                          <span className="sr-only">{row.sponsor_name ?? row.sponsor_email}</span>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
            </ul>
            {rows.every((r) => !r.offer) ? (
              <p className="text-sm text-muted-foreground">{t('renewals.noneOffered')}</p>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
