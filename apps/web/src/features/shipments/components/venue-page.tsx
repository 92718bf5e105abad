import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentWire } from '@sp/shared';
import { SHIPMENT_LIMITS } from '@sp/shared';
import { CameraIcon, CircleAlertIcon, LinkIcon, LoaderCircleIcon, PackageCheckIcon, PackageIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useMarkReceived, useAddPhoto, venueShipmentsQueryOptions } from '../api/shipments';
import { shrinkPhoto } from '../utils/shrink-photo';
import { ShipmentFacts, ShipmentPhoto, ShipmentState, Tracking } from './shipment-state';

const NAME_KEY = 'sp.venue.name';
const savedName = () => {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
};

/** The link does not open anything (unknown, revoked): a page that says so and what to do. */
function LinkProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const revoked = isApiError(error) && error.code === 'shipment.venue-link-revoked';
  const unknown = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <div
      className="mx-auto grid max-w-md gap-3 rounded-xl border border-border bg-card p-6 text-center"
      role="alert"
      data-testid="venue-link-problem"
    >
      <LinkIcon className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-semibold">
        {revoked
          ? t('shipments.venue.revokedTitle')
          : unknown
            ? t('shipments.venue.unknownTitle')
            : t('shipments.venue.errorTitle')}
      </h1>
      <p className="text-muted-foreground">
        {revoked || unknown ? t('shipments.venue.askOrganiser') : getErrorMessage(error, t)}
      </p>
    </div>
  );
}

/** The photo field of the "received" form and of a later photo: the phone's camera, or a file. */
function PhotoInput({
  id,
  onChange,
  disabled,
}: {
  id: string;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <CameraIcon className="size-4" aria-hidden="true" />
        {t('shipments.venue.photo')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p className="text-xs text-muted-foreground">{t('shipments.venue.photoHint')}</p>
    </div>
  );
}

function ReceiveForm({
  token,
  shipment,
  onConflict,
}: {
  token: string;
  shipment: ShipmentWire;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const mark = useMarkReceived(token);
  const [name, setName] = useState(savedName);
  const [photo, setPhoto] = useState<File | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'warn'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      localStorage.setItem(NAME_KEY, name.trim());
    } catch {
      // private mode: the name is typed again next time
    }
    const small = photo ? await shrinkPhoto(photo) : null;
    mark.mutate(
      { shipmentId: shipment.id, receivedBy: name.trim(), photo: small },
      {
        onSuccess: ({ photoError }) => {
          if (photoError) {
            setMessage({
              kind: 'warn',
              text: t('shipments.venue.photoFailed', { message: getErrorMessage(photoError, t) }),
            });
          }
        },
        onError: (error) => {
          // Someone else was quicker: the list shows who and when once it is read again.
          if (isApiError(error) && error.code === 'shipment.already-received') {
            onConflict();
            void queryClient.invalidateQueries({ queryKey: queryKeys.shipments.ofVenue(token) });
            return;
          }
          setMessage({ kind: 'error', text: getErrorMessage(error, t) });
        },
      },
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 border-t pt-3">
      <fieldset disabled={mark.isPending} className="grid gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {t('shipments.venue.name')}
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={SHIPMENT_LIMITS.receivedBy}
            autoComplete="name"
          />
        </div>
        <PhotoInput id={`${id}-photo`} onChange={setPhoto} />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={mark.isPending}>
        {mark.isPending ? (
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <PackageCheckIcon className="size-4" aria-hidden="true" />
        )}
        {t('shipments.venue.markReceived')}
      </Button>
      {message ? (
        <p
          role="alert"
          className={message.kind === 'error' ? 'text-sm font-medium text-destructive' : 'text-sm font-medium'}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

/** A received parcel without a photo may still get one (once). */
function LaterPhoto({ token, shipment }: { token: string; shipment: ShipmentWire }) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddPhoto(token);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    add.mutate(
      { shipmentId: shipment.id, photo: await shrinkPhoto(file) },
      { onError: (e) => setError(getErrorMessage(e, t)) },
    );
  };
  return (
    <div className="grid gap-1 border-t pt-3">
      <PhotoInput id={`${id}-later`} onChange={(file) => void choose(file)} disabled={add.isPending} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function VenueShipment({
  token,
  shipment,
  conflict,
  onConflict,
}: {
  token: string;
  shipment: ShipmentWire;
  /** This screen tried to mark it received after someone else had. */
  conflict: boolean;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const received = shipment.received_at !== null;
  return (
    <li
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
      data-testid="venue-shipment"
      data-state={received ? 'received' : 'announced'}
    >
      <div className="grid gap-1">
        <h3 className="font-semibold break-words">{shipment.sponsor}</h3>
        <p className="text-sm">
          {shipment.carrier} · <Tracking value={shipment.tracking} />
        </p>
        <ShipmentFacts shipment={shipment} />
        <ShipmentState shipment={shipment} />
      </div>
      {conflict && received ? (
        <p
          role="alert"
          className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('shipments.venue.already')}
        </p>
      ) : null}
      <ShipmentPhoto shipment={shipment} source={{ kind: 'venue', token, shipmentId: shipment.id }} />
      {received ? (
        shipment.has_photo ? null : (
          <LaterPhoto token={token} shipment={shipment} />
        )
      ) : open ? (
        <ReceiveForm token={token} shipment={shipment} onConflict={onConflict} />
      ) : (
        <Button size="lg" className="w-full" onClick={() => setOpen(true)}>
          <PackageCheckIcon className="size-4" aria-hidden="true" />
          {t('shipments.venue.received')}
        </Button>
      )}
    </li>
  );
}

/**
 * The venue's page (no account, the link is the credential): the event's parcels, those still to come
 * first, each marked received once with the name of who took it and an optional photo; a revoked or
 * unknown link gets a page that says so.
 */
export function VenuePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(venueShipmentsQueryOptions(token));
  const [conflicts, setConflicts] = useState<ReadonlySet<number>>(new Set());
  if (query.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 p-6 text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('shipments.venue.loading')}
      </p>
    );
  }
  if (query.isError) return <LinkProblem error={query.error} />;
  const { shipments, event_title, event_date } = query.data;
  const waiting = shipments.filter((s) => !s.received_at);
  const received = shipments.filter((s) => s.received_at);
  const parcels = (list: ShipmentWire[]) => list.reduce((sum, s) => sum + s.parcel_count, 0);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6" data-testid="venue-page">
      <header className="grid gap-1">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <PackageIcon className="size-4" aria-hidden="true" />
          {t('shipments.venue.kicker')}
        </p>
        <h1 className="text-2xl font-bold break-words">{event_title}</h1>
        <p className="text-muted-foreground">{format.date(event_date)}</p>
        <p className="text-sm">
          {t('shipments.venue.summary', { waiting: parcels(waiting), received: parcels(received) })}
        </p>
      </header>
      {shipments.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-border p-4 text-muted-foreground">
          <CircleAlertIcon className="size-4" aria-hidden="true" />
          {t('shipments.venue.none')}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="venue-waiting" className="grid gap-3">
          <h2 id="venue-waiting" className="text-lg font-semibold">
            {t('shipments.venue.waiting')}
          </h2>
          <ul className="grid gap-3">
            {waiting.map((s) => (
              <VenueShipment
                key={s.id}
                token={token}
                shipment={s}
                conflict={conflicts.has(s.id)}
                onConflict={() => setConflicts((ids) => new Set(ids).add(s.id))}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {received.length > 0 ? (
        <section aria-labelledby="venue-received" className="grid gap-3">
          <h2 id="venue-received" className="text-lg font-semibold">
            {t('shipments.venue.receivedList')}
          </h2>
          <ul className="grid gap-3">
            {received.map((s) => (
              <VenueShipment
                key={s.id}
                token={token}
                shipment={s}
                conflict={conflicts.has(s.id)}
                onConflict={() => setConflicts((ids) => new Set(ids).add(s.id))}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
