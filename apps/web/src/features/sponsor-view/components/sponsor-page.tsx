import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { SponsorViewWire } from '@sp/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { formatCurrency, formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { sponsorPageQueryOptions } from '../api/sponsor-view';
import { SponsorNotes } from './sponsor-notes';
import { SponsorshipStatusBadge } from './sponsorship-status';

/** One sponsor across the organisation's events: money, history, delivery, invoices, payments, contacts, notes. */
export function SponsorPage({ sponsorKey }: { sponsorKey: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { data: sponsor } = useSuspenseQuery(sponsorPageQueryOptions(sponsorKey));
  const money = (cents: number) => formatCurrency(cents / 100, language);
  const totals: Array<[string, number]> = [
    [t('sponsorView.totals.committed'), sponsor.totals.committed_cents],
    [t('sponsorView.totals.inNegotiation'), sponsor.totals.in_negotiation_cents],
    [t('sponsorView.totals.invoiced'), sponsor.totals.invoiced_cents],
    [t('sponsorView.totals.paid'), sponsor.totals.paid_cents],
  ];

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/dashboard/organizer/sponsors"
          className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {t('sponsorView.page.back')}
        </Link>
        <h1 className="text-2xl font-semibold break-words">{sponsor.name ?? sponsor.email}</h1>
        {sponsor.name ? <p className="text-sm break-all text-muted-foreground">{sponsor.email}</p> : null}
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {totals.map(([label, cents]) => (
          <div key={label} className="rounded-lg border border-border p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(cents)}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <History sponsor={sponsor} />
          <Invoices sponsor={sponsor} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Contacts sponsor={sponsor} />
          <SponsorNotes sponsorKey={sponsorKey} notes={sponsor.notes} />
        </div>
      </div>
    </main>
  );
}

function History({ sponsor }: { sponsor: SponsorViewWire }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Card data-testid="sponsor-history">
      <CardHeader>
        <CardTitle>{t('sponsorView.history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {sponsor.history.map((row) => (
            <li key={row.sponsorship_id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to="/edit-event/$eventId/sponsors"
                  params={{ eventId: row.event_id }}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {row.event_title}
                </Link>
                <SponsorshipStatusBadge status={row.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {formatDate(row.event_date, language)} · {row.package_name ?? t('sponsorView.history.noPackage')}
                {row.amount_cents !== null ? ` · ${formatCurrency(row.amount_cents / 100, language)}` : ''}
              </p>
              <p className="text-sm">
                {row.deliverables.total === 0
                  ? t('sponsorView.delivery.none')
                  : t('sponsorView.delivery.record', {
                      done: row.deliverables.done + row.deliverables.waived,
                      total: row.deliverables.total,
                    })}
                {row.deliverables.late > 0 ? (
                  <span className="ml-2 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
                    {t('sponsorView.delivery.late', { count: row.deliverables.late })}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Invoices({ sponsor }: { sponsor: SponsorViewWire }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const money = (cents: number) => formatCurrency(cents / 100, language);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sponsorView.invoices.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sponsor.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sponsorView.invoices.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {sponsor.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0">
                  <span className="font-medium">{invoice.number ?? t('sponsorView.invoices.draft')}</span>
                  <span className="text-sm text-muted-foreground"> · {invoice.event_title}</span>
                </span>
                <span className="flex items-baseline gap-3 text-sm">
                  <span>{t(`invoices.status.${invoice.status}`)}</span>
                  <span className="font-medium tabular-nums">{money(invoice.gross_cents)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="text-sm font-semibold">{t('sponsorView.payments.title')}</h3>
        {sponsor.payments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sponsorView.payments.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {sponsor.payments.map((payment, index) => (
              <li key={`${payment.invoice_id}-${index}`} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatDate(payment.paid_on, language)} · {payment.invoice_number ?? ''}
                  {payment.kind === 'refund' ? ` · ${t('sponsorView.payments.refund')}` : ''}
                </span>
                <span className="tabular-nums">{money(payment.amount_cents)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Contacts({ sponsor }: { sponsor: SponsorViewWire }) {
  const { t } = useTranslation();
  const { contacts } = sponsor;
  const rows: Array<[string, string | null]> = [
    [t('sponsorView.contacts.email'), contacts.email],
    [t('sponsorView.contacts.billingEmail'), contacts.billing_email],
    [t('sponsorView.contacts.legalName'), contacts.legal_name],
    [t('sponsorView.contacts.place'), [contacts.city, contacts.country].filter(Boolean).join(', ') || null],
    [t('sponsorView.contacts.website'), contacts.website],
    [
      t('sponsorView.contacts.account'),
      t(contacts.has_account ? 'sponsorView.contacts.yes' : 'sponsorView.contacts.no'),
    ],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sponsorView.contacts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
