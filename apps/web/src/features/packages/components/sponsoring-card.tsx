import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HandCoinsIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { sponsoringNumbersQueryOptions } from '../api/sponsoring-numbers';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * The organiser dashboard's sponsoring card: the sums committed and in negotiation (docs/glossary.md,
 * the event list's figures), packages taken, deliverables done.
 */
export function SponsoringCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const numbers = useQuery(sponsoringNumbersQueryOptions(organisationId));
  const totals = numbers.data?.totals;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HandCoinsIcon aria-hidden="true" className="size-5 text-primary" />
          {t('packages.numbers.card.title')}
        </CardTitle>
        <CardDescription>{t('packages.numbers.card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {numbers.isPending ? (
          <p className="text-4xl font-bold text-muted-foreground" aria-busy="true">
            <span aria-hidden="true">…</span>
            <span className="sr-only">{t('common.loading')}</span>
          </p>
        ) : numbers.isError || !totals ? (
          <p className="text-sm text-destructive" role="alert">
            {t('organizer.dashboard.error', { message: getErrorMessage(numbers.error, t) })}
          </p>
        ) : totals.sold === 0 && totals.committed_cents === 0 && totals.in_negotiation_cents === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('packages.numbers.card.none')}{' '}
            <Link to="/dashboard/organizer/events" className={linkClass}>
              {t('packages.numbers.card.events')}
            </Link>
          </p>
        ) : (
          <div className="grid gap-3">
            <dl className="flex flex-wrap gap-x-8 gap-y-3">
              <div>
                <dt className="text-xs text-muted-foreground">{t('figures.committed')}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="numbers-committed">
                  {format.currency(totals.committed_cents / 100)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('figures.inNegotiation')}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="numbers-in-negotiation">
                  {format.currency(totals.in_negotiation_cents / 100)}
                </dd>
              </div>
            </dl>
            <ul className="grid gap-1 text-sm">
              <li>{t('packages.numbers.card.sold', { count: totals.sold })}</li>
              {totals.fulfilment.total > 0 ? (
                <li>
                  {t('packages.numbers.card.fulfilment', {
                    done: totals.fulfilment.done,
                    total: totals.fulfilment.total,
                  })}
                  {totals.fulfilment.overdue > 0 ? (
                    <span className="font-medium text-destructive">
                      {' '}
                      ({t('packages.numbers.card.overdue', { count: totals.fulfilment.overdue })})
                    </span>
                  ) : null}
                </li>
              ) : null}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
