import { useQuery } from '@tanstack/react-query';
import { CheckIcon, RefreshCwIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SponsorRenewalResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatCurrency, formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { sponsorRenewalQueryOptions, useAnswerRenewal, type RenewalViewer } from '../api/renewals';

type Offer = NonNullable<SponsorRenewalResponse['offer']>;

/** The choice among the offered packages, the preselected one first chosen; answered in one click. */
export function RenewalOfferForm({
  offer,
  busy,
  onAccept,
  onDecline,
}: {
  offer: Offer;
  busy: boolean;
  onAccept: (packageId: number) => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [chosen, setChosen] = useState(offer.package_id);
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={t('renewals.sponsor.title')}
      onSubmit={(event) => {
        event.preventDefault();
        onAccept(chosen);
      }}
    >
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('renewals.sponsor.package')}</legend>
        {offer.packages.map((p) => {
          const full = p.left === 0 && p.id !== offer.package_id;
          return (
            <label key={p.id} className="flex items-center gap-3 rounded-md border border-border p-3">
              <input
                type="radio"
                name="renewal-package"
                value={p.id}
                checked={chosen === p.id}
                disabled={full}
                onChange={() => setChosen(p.id)}
                className="size-4 shrink-0"
              />
              <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
                <span className="font-medium break-words">
                  {p.name}
                  {p.id === offer.package_id ? ` · ${t('renewals.sponsor.suggested')}` : ''}
                </span>
                <span className="text-sm text-muted-foreground">
                  {full ? t('renewals.sponsor.full') : formatCurrency(p.price_cents / 100, language, p.currency)}
                </span>
              </span>
            </label>
          );
        })}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="submit">
            <CheckIcon aria-hidden="true" />
            {t('renewals.sponsor.accept')}
          </Button>
          <Button type="button" variant="outline" onClick={onDecline}>
            <XIcon aria-hidden="true" />
            {t('renewals.sponsor.decline')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * On the sponsor's invitation page and on their account's dashboard: their renewal offer, if this
 * sponsorship is one. The invitation page is the offer mail's `#renewal` target; the dashboard lists
 * several sponsorships, so there each card has an anchor of its own.
 */
export function RenewalOfferCard({
  sponsorshipId,
  viewer,
  anchor = 'renewal',
}: {
  sponsorshipId: number;
  viewer: RenewalViewer;
  anchor?: string;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const query = useQuery(sponsorRenewalQueryOptions(sponsorshipId, viewer));
  const answer = useAnswerRenewal(sponsorshipId, viewer);
  if (query.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
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
  const offer = query.data.offer;
  if (!offer) return null;
  const onError = (error: unknown) => toast.error(getErrorMessage(error, t));

  let body;
  if (offer.status === 'accepted') body = <p role="status">{t('renewals.sponsor.accepted')}</p>;
  else if (offer.status === 'declined') body = <p role="status">{t('renewals.sponsor.declined')}</p>;
  else if (offer.expired) body = <p role="status">{t('renewals.sponsor.expired')}</p>;
  else
    body = (
      <RenewalOfferForm
        offer={offer}
        busy={answer.isPending}
        onAccept={(packageId) =>
          answer.mutate(
            { accept: true, packageId },
            { onSuccess: () => toast.success(t('renewals.sponsor.acceptedToast')), onError },
          )
        }
        onDecline={() => answer.mutate({ accept: false }, { onError })}
      />
    );

  return (
    <Card id={anchor} data-testid="renewal-offer">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCwIcon className="size-5" aria-hidden="true" />
          {t('renewals.sponsor.title')}
        </CardTitle>
        <CardDescription>
          {t('renewals.sponsor.lead', {
            previous: offer.previous_event_title,
            date: formatDate(offer.deadline, language),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
