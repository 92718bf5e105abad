import { useQuery } from '@tanstack/react-query';
import type { CreatedVenueLink } from '@sp/shared';
import { CopyIcon, LinkIcon, PackageIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';
import {
  eventShipmentsQueryOptions,
  useCreateVenueLink,
  useRevokeVenueLink,
  venueLinkQueryOptions,
} from '../api/shipments';
import { ShipmentFacts, ShipmentPhoto, ShipmentState, Tracking } from './shipment-state';

/** The venue link: made (or made anew, which ends the old one), shown once to copy, revoked. */
function VenueLinkPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useQuery(venueLinkQueryOptions(eventId));
  const create = useCreateVenueLink(eventId);
  const revoke = useRevokeVenueLink(eventId);
  const [created, setCreated] = useState<CreatedVenueLink | null>(null);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (link) => {
        setCreated(link);
        void copyText(link.url).then((ok) => ok && toast.success(t('shipments.event.copied')));
      },
      onError: (error) => toast.error(getErrorMessage(error, t)),
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        toast.success(t('shipments.event.revoked'));
      },
      onError: (error) => toast.error(getErrorMessage(error, t)),
    });

  const active = status.data?.active ?? false;
  const busy = create.isPending || revoke.isPending;
  return (
    <div className="grid gap-2 rounded-md bg-muted/50 p-3" data-testid="venue-link">
      <p className="flex items-center gap-2 font-medium">
        <LinkIcon className="size-4" aria-hidden="true" />
        {t('shipments.event.linkTitle')}
      </p>
      <p className="text-sm text-muted-foreground">
        {active && status.data?.created_at
          ? t('shipments.event.linkActive', { date: format.dateTime(status.data.created_at) })
          : t('shipments.event.linkNone')}
      </p>
      {created && active ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
          <Input
            readOnly
            value={created.url}
            aria-label={t('shipments.event.linkLabel')}
            onFocus={(e) => e.target.select()}
            data-testid="venue-link-url"
          />
          <Button
            variant="outline"
            onClick={() =>
              void copyText(created.url).then((ok) =>
                ok ? toast.success(t('shipments.event.copied')) : toast.error(t('shipments.event.copyFailed')),
              )
            }
          >
            <CopyIcon className="size-4" aria-hidden="true" />
            {t('shipments.event.copy')}
          </Button>
          <p className="text-xs text-muted-foreground sm:col-span-2">{t('shipments.event.shownOnce')}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={make} disabled={busy}>
          {active ? (
            <RefreshCwIcon className="size-4" aria-hidden="true" />
          ) : (
            <LinkIcon className="size-4" aria-hidden="true" />
          )}
          {active ? t('shipments.event.renew') : t('shipments.event.create')}
        </Button>
        {active ? (
          <Button size="sm" variant="outline" onClick={end} disabled={busy}>
            <Trash2Icon className="size-4" aria-hidden="true" />
            {t('shipments.event.revoke')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The organiser's card: every parcel of the event with its state and photo, and the venue's link. */
export function EventShipments({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const query = useQuery(eventShipmentsQueryOptions(eventId));
  const shipments = query.data?.shipments ?? [];
  const received = shipments.filter((s) => s.received_at).length;
  return (
    <section
      aria-labelledby="event-shipments-title"
      className="grid gap-3 rounded-lg border border-border p-4"
      data-testid="event-shipments"
    >
      <div className="grid gap-1">
        <h2 id="event-shipments-title" className="flex items-center gap-2 text-lg font-semibold">
          <PackageIcon className="size-4" aria-hidden="true" />
          {t('shipments.event.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {shipments.length > 0
            ? t('shipments.event.counts', { received, total: shipments.length })
            : t('shipments.event.lead')}
        </p>
      </div>
      <VenueLinkPanel eventId={eventId} />
      {query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {getErrorMessage(query.error, t)}
        </p>
      ) : shipments.length > 0 ? (
        <ul className="grid gap-2">
          {shipments.map((shipment) => (
            <li
              key={shipment.id}
              className="grid gap-2 rounded-md border border-border p-3"
              data-testid="event-shipment"
              data-state={shipment.received_at ? 'received' : 'announced'}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block font-medium break-words">{shipment.sponsor}</span>
                  <span className="block text-sm">
                    {shipment.carrier} · <Tracking value={shipment.tracking} />
                  </span>
                  <ShipmentFacts shipment={shipment} />
                </span>
                <ShipmentState shipment={shipment} />
              </div>
              <ShipmentPhoto
                shipment={shipment}
                source={{
                  kind: 'party',
                  viewer: { kind: 'user' },
                  sponsorshipId: shipment.sponsorship_id,
                  shipmentId: shipment.id,
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
