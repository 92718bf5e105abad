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
  useChangeTicketHolder,
  useNameTicketHolder,
  useRemoveTicketHolder,
  type TicketViewer,
} from '../api/tickets';

type Benefit = SponsorshipTicketsResponse['benefits'][number];
type Holder = Benefit['holders'][number];

type Person = { name: string; email: string };

/** Name and e-mail of a person, for naming a seat or giving a named one to someone else. */
function PersonForm({
  prefix,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  prefix: string;
  pending: boolean;
  submitLabel: string;
  /** Called with the trimmed entry; `reset` empties the fields. */
  onSubmit: (person: Person, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<Person>({ name: '', email: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: person.name.trim(), email: person.email.trim() }, () => setPerson({ name: '', email: '' }));
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <fieldset disabled={pending} className="contents">
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
            autoFocus={Boolean(onCancel)}
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
        <div className="flex flex-wrap gap-2">
          <Button type="submit">
            {pending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              {t('tickets.sponsor.cancel')}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

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
  return (
    <PersonForm
      prefix={`ticket-${benefit.deliverable_id}`}
      pending={name.isPending}
      submitLabel={t('tickets.sponsor.add')}
      onSubmit={(person, reset) =>
        name.mutate(
          { deliverable_id: benefit.deliverable_id, ...person },
          {
            onSuccess: () => {
              toast.success(t('tickets.sponsor.named', { name: person.name }));
              reset();
            },
            onError: (error) => toast.error(getErrorMessage(error, t)),
          },
        )
      }
    />
  );
}

/** Giving a named, unused seat to another person until the deadline: the old ticket stops working. */
function ChangeForm({ holder, viewer, onDone }: { holder: Holder; viewer: TicketViewer; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeTicketHolder(viewer);
  return (
    <div className="grid w-full gap-2 border-t pt-2">
      <p className="text-sm text-muted-foreground">{t('tickets.sponsor.changeHint')}</p>
      <PersonForm
        prefix={`ticket-change-${holder.id}`}
        pending={change.isPending}
        submitLabel={t('tickets.sponsor.save')}
        onCancel={onDone}
        onSubmit={(person) =>
          change.mutate(
            { id: holder.id, ...person },
            {
              onSuccess: () => {
                toast.success(t('tickets.sponsor.changed', { name: person.name }));
                onDone();
              },
              onError: (error) => toast.error(getErrorMessage(error, t)),
            },
          )
        }
      />
    </div>
  );
}

/**
 * The seats of the sponsorship's tickets benefits: who is named, who came, and (until the naming
 * deadline) a form to name another person, and per unused seat a form to give it to someone else
 * and a button to free it. Nothing without such a benefit.
 */
export function SponsorTickets({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: TicketViewer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(sponsorshipTicketsQueryOptions(sponsorshipId, viewer));
  const remove = useRemoveTicketHolder(viewer);
  const [changing, setChanging] = useState<number | null>(null);
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
                    {holder.erased ? (
                      <span className="block text-sm text-muted-foreground">{t('tickets.sponsor.erased')}</span>
                    ) : (
                      <>
                        <span className="block font-medium break-words">{holder.name}</span>
                        <span className="block text-sm break-all text-muted-foreground">{holder.email}</span>
                      </>
                    )}
                  </span>
                  {holder.checked_in_at ? (
                    <span className="text-sm font-medium text-green-800 dark:text-green-300">
                      {t('tickets.sponsor.came', { time: format.dateTime(holder.checked_in_at) })}
                    </span>
                  ) : benefit.open ? (
                    <span className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-expanded={changing === holder.id}
                        aria-label={t('tickets.sponsor.changeLabel', { name: holder.name })}
                        onClick={() => setChanging(changing === holder.id ? null : holder.id)}
                      >
                        {t('tickets.sponsor.change')}
                      </Button>
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
                    </span>
                  ) : holder.erased ? null : (
                    <span className="text-sm text-muted-foreground">{t('tickets.sponsor.notYet')}</span>
                  )}
                  {changing === holder.id && benefit.open && !holder.checked_in_at ? (
                    <ChangeForm holder={holder} viewer={viewer} onDone={() => setChanging(null)} />
                  ) : null}
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
