import type { ShipmentWire } from '@sp/shared';
import { CheckCircle2Icon, ClockIcon, TriangleAlertIcon } from 'lucide-react';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { usePhotoUrl, type PhotoSource } from '../api/shipments';

/** A parcel's state in words: announced (late when past its expected day) or received, when and by whom. */
export function ShipmentState({ shipment }: { shipment: ShipmentWire }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (shipment.received_at) {
    return (
      <span className="flex items-start gap-1 text-sm font-medium text-green-800 dark:text-green-300">
        <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {shipment.received_by
            ? t('shipments.state.receivedBy', {
                time: format.dateTime(shipment.received_at),
                name: shipment.received_by,
              })
            : t('shipments.state.received', { time: format.dateTime(shipment.received_at) })}
        </span>
      </span>
    );
  }
  return (
    <span
      className={cn(
        'flex items-start gap-1 text-sm font-medium',
        shipment.overdue ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      {shipment.overdue ? (
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      {shipment.overdue ? t('shipments.state.overdue') : t('shipments.state.announced')}
    </span>
  );
}

/** The tracking number, or a link when the sponsor gave the carrier's tracking address. */
export function Tracking({ value }: { value: string }) {
  const { t } = useTranslation();
  if (/^https?:\/\//i.test(value)) {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline">
        {t('shipments.trackingLink')}
      </a>
    );
  }
  return <span className="break-all font-mono">{value}</span>;
}

/** What the sponsor announced, in one line: carrier, parcels, expected day. */
export function ShipmentFacts({ shipment }: { shipment: ShipmentWire }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <span className="block text-sm text-muted-foreground">
      {t('shipments.parcels', { count: shipment.parcel_count })}
      {shipment.expected_date ? ` · ${t('shipments.expected', { date: format.date(shipment.expected_date) })}` : ''}
    </span>
  );
}

/** The venue's photo of a received parcel, read with the caller's credentials; a link to the full size. */
export function ShipmentPhoto({ shipment, source }: { shipment: ShipmentWire; source: PhotoSource }) {
  const { t } = useTranslation();
  const url = usePhotoUrl(source, shipment.has_photo);
  if (!shipment.has_photo || !url) return null;
  const alt = t('shipments.photoAlt', { carrier: shipment.carrier });
  return (
    <a href={url} target="_blank" rel="noopener" className="block w-fit" data-testid="shipment-photo">
      <img src={url} alt={alt} className="h-20 w-auto max-w-full rounded-md border border-border object-cover" />
    </a>
  );
}
