import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import { eventPackagesQueryOptions } from '../api/event-packages';

/** In the sponsor invitation: which of the event's packages (not archived) to offer. */
export function OfferPackagesField({
  eventId,
  value,
  onChange,
  disabled,
}: {
  eventId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const packages = useQuery(eventPackagesQueryOptions(eventId));
  const offerable = packages.data?.filter((p) => !p.archived) ?? [];
  if (packages.isPending || packages.isError) return null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{t('packages.offer.label')}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {offerable.length === 0 ? t('packages.offer.none') : t('packages.offer.hint')}
      </p>
      {offerable.map((pkg) => (
        <label key={pkg.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={value.includes(pkg.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, pkg.id] : value.filter((other) => other !== pkg.id))
            }
          />
          <span className="min-w-0 break-words">
            {pkg.name} · {format.currency(pkg.price_cents / 100)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
