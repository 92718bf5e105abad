import { useQuery } from '@tanstack/react-query';
import type { SponsorshipTicketsResponse } from '@sp/shared';
import { LoaderCircleIcon, TicketIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import {
  sponsorshipTicketsQueryOptions,
  useNameTicketHolder,
  useRemoveTicketHolder,
  type TicketViewer,
} from '../api/tickets';

type Benefit = SponsorshipTicketsResponse['benefits'][number];

function NameForm({
  benefit,
  sponsorshipId,
  viewer,
}: {
  benefit: Benefit;
  sponsorshipId: number;
  viewer: TicketViewer;
}) {
  const { t } = useTranslation();
  const name = useNameTicketHolder(sponsorshipId, viewer);
  const [person, setPerson] = useState({ name: '', email: '' });
  const prefix = `ticket-${benefit.deliverable_id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    name.mutate(
      { deliverable_id: benefit.deliverable_id, name: person.name.trim(), email: person.email.trim() },
      {
        onSuccess: () => {
          toast.success(t('tickets.sponsor.named', { name: person.name.trim() }));
          setPerson({ name: '', email: '' });
        },
        onError: (error) => toast.error(getErrorMessage(error, t)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <fieldset disabled={name.isPending} className="contents">
        <div className="grid gap-1">
          <label htmlFor={`${prefix}-name`} className="text-sm font-medium">
            {t('tickets.sponsor.name')}
          </label>
          <Input
            id={`${prefix}-name`}
            value={person.name}
            onChange={(e) => setPerson({ ...person, name: e.target.value })}
            autoComplete="name"
            maxLength={200}
            required
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${prefix}-email`} className="text-sm font-medium">
            {t('tickets.sponsor.email')}
          </label>
          <Input
            id={`${prefix}-email`}
            type="email"
            value={person.email}
            onChange={(e) => setPerson({ ...person, email: e.target.value })}
            autoComplete="email"
            maxLength={320}
            required
          />
        </div>
        <Button type="submit">
          {name.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
          {t('tickets.sponsor.add')}
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * The seats of the sponsorship's tickets benefits: who is named, who came, and (until the naming
 * deadline) a form to name another person and a button to free a seat. Nothing without such a benefit.
 */
export function SponsorTickets({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: TicketViewer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(sponsorshipTicketsQueryOptions(sponsorshipId, viewer));
  const remove = useRemoveTicketHolder(viewer);
  if (query.isPending || query.isError || query.data.benefits.length === 0) return null;

  return (
    <section aria-labelledby="sponsor-tickets-title" className="grid gap-4 rounded-lg border p-4">
      <h3 id="sponsor-tickets-title" className="flex items-center gap-2 font-semibold">
        <TicketIcon className="size-4" aria-hidden="true" />
        {t('tickets.sponsor.title')}
      </h3>
      {query.data.benefits.map((benefit) => (
        <div key={benefit.deliverable_id} className="grid gap-3">
          <div>
            <p className="font-medium">{benefit.title}</p>
            <p className="text-sm text-muted-foreground">
              {t('tickets.sponsor.seats', { named: benefit.holders.length, quota: benefit.quota })}{' '}
              {benefit.open
                ? t('tickets.sponsor.until', { date: format.date(benefit.deadline) })
                : t('tickets.sponsor.closed', { date: format.date(benefit.deadline) })}
            </p>
          </div>
          {benefit.holders.length > 0 ? (
            <ul className="grid gap-2">
              {benefit.holders.map((holder) => (
                <li
                  key={holder.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 p-2"
                >
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{holder.name}</span>
                    <span className="block text-sm break-all text-muted-foreground">{holder.email}</span>
                  </span>
                  {holder.checked_in_at ? (
                    <span className="text-sm font-medium text-green-800 dark:text-green-300">
                      {t('tickets.sponsor.came', { time: format.dateTime(holder.checked_in_at) })}
                    </span>
                  ) : benefit.open ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      aria-label={t('tickets.sponsor.removeLabel', { name: holder.name })}
                      onClick={() =>
                        remove.mutate(holder.id, { onError: (error) => toast.error(getErrorMessage(error, t)) })
                      }
                    >
                      {t('tickets.sponsor.remove')}
                    </Button>
                  ) : (
                    <span className="text-sm text-muted-foreground">{t('tickets.sponsor.notYet')}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {benefit.open && benefit.holders.length < benefit.quota ? (
            <NameForm benefit={benefit} sponsorshipId={sponsorshipId} viewer={viewer} />
          ) : null}
        </div>
      ))}
    </section>
  );
}
