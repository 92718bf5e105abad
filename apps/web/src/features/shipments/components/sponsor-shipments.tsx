import { useQuery } from '@tanstack/react-query';
import { SHIPMENT_LIMITS } from '@sp/shared';
import { LoaderCircleIcon, PackageIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { checkDraft, EMPTY_DRAFT, type Draft, type Problems } from '../utils/announce-draft';
import { sponsorshipShipmentsQueryOptions, useAnnounceShipment, type ShipmentViewer } from '../api/shipments';
import { ShipmentFacts, ShipmentPhoto, ShipmentState, Tracking } from './shipment-state';

const CARRIERS = ['DHL', 'DPD', 'GLS', 'Hermes', 'UPS', 'FedEx', 'Deutsche Post'];

const SERVER_FIELDS: Record<string, keyof Draft> = {
  carrier: 'carrier',
  tracking: 'tracking',
  parcel_count: 'parcels',
  expected_date: 'expected',
};

function AnnounceForm({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: ShipmentViewer }) {
  const { t } = useTranslation();
  const listId = useId();
  const announce = useAnnounceShipment(sponsorshipId, viewer);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<Problems>({});
  // The sponsor's own calendar day (YYYY-MM-DD).
  const today = new Date().toLocaleDateString('sv-SE');
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, today);
    setProblems(checked.problems);
    if (!checked.body) {
      // The first field refused gets the focus once its message is drawn.
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    announce.mutate(checked.body, {
      onSuccess: () => {
        toast.success(t('shipments.form.announced'));
        setDraft(EMPTY_DRAFT);
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined;
        if (fields) {
          const mapped: Problems = {};
          for (const name of Object.keys(fields)) {
            const field = SERVER_FIELDS[name];
            if (field) mapped[field] = 'shipments.form.errors.invalid';
          }
          setProblems(mapped);
        }
        toast.error(getErrorMessage(error, t));
      },
    });
  };

  const error = (field: keyof Draft) => (problems[field] ? t(problems[field]) : undefined);
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={t('shipments.form.title')}>
      <p className="font-medium">{t('shipments.form.title')}</p>
      <fieldset disabled={announce.isPending} className="grid gap-3 sm:grid-cols-2">
        <Field label={t('shipments.form.carrier')} error={error('carrier')}>
          {(control) => (
            <>
              <Input
                {...control}
                list={`${listId}-carriers`}
                value={draft.carrier}
                onChange={(e) => set('carrier')(e.target.value)}
                maxLength={SHIPMENT_LIMITS.carrier}
                autoComplete="off"
                required
              />
              <datalist id={`${listId}-carriers`}>
                {CARRIERS.map((carrier) => (
                  <option key={carrier} value={carrier} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label={t('shipments.form.tracking')} hint={t('shipments.form.trackingHint')} error={error('tracking')}>
          {(control) => (
            <Input
              {...control}
              value={draft.tracking}
              onChange={(e) => set('tracking')(e.target.value)}
              maxLength={SHIPMENT_LIMITS.tracking}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field label={t('shipments.form.parcels')} error={error('parcels')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={SHIPMENT_LIMITS.parcels}
              value={draft.parcels}
              onChange={(e) => set('parcels')(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label={t('shipments.form.expected')} hint={t('shipments.form.expectedHint')} error={error('expected')}>
          {(control) => <DateField control={control} value={draft.expected} onChange={set('expected')} />}
        </Field>
      </fieldset>
      <Button type="submit" className="w-full sm:w-fit" disabled={announce.isPending}>
        {announce.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
        {t('shipments.form.submit')}
      </Button>
    </form>
  );
}

/**
 * The sponsor's parcels in the deliver step: what they announced and its state (announced, late,
 * received with when, by whom and the venue's photo), and a form to announce another. Live: the
 * venue's "received" arrives through the stream (part `shipments`).
 */
export function SponsorShipments({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: ShipmentViewer }) {
  const { t } = useTranslation();
  const query = useQuery(sponsorshipShipmentsQueryOptions(sponsorshipId, viewer));
  return (
    <section
      aria-labelledby="sponsor-shipments-title"
      className="grid gap-4 rounded-lg border border-border p-4"
      data-testid="sponsor-shipments"
    >
      <div className="grid gap-1">
        <h3 id="sponsor-shipments-title" className="flex items-center gap-2 font-semibold">
          <PackageIcon className="size-4" aria-hidden="true" />
          {t('shipments.sponsor.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('shipments.sponsor.lead')}</p>
      </div>
      {query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {getErrorMessage(query.error, t)}
        </p>
      ) : query.isPending ? null : query.data.shipments.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('shipments.sponsor.list')}>
          {query.data.shipments.map((shipment) => (
            <li
              key={shipment.id}
              className="grid gap-2 rounded-md bg-muted/50 p-3"
              data-testid="shipment"
              data-state={shipment.received_at ? 'received' : 'announced'}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block font-medium break-words">{shipment.carrier}</span>
                  <span className="block text-sm">
                    <Tracking value={shipment.tracking} />
                  </span>
                  <ShipmentFacts shipment={shipment} />
                </span>
                <ShipmentState shipment={shipment} />
              </div>
              <ShipmentPhoto
                shipment={shipment}
                source={{ kind: 'party', viewer, sponsorshipId, shipmentId: shipment.id }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('shipments.sponsor.none')}</p>
      )}
      <AnnounceForm sponsorshipId={sponsorshipId} viewer={viewer} />
    </section>
  );
}
