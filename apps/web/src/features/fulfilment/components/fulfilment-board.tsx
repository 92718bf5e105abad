import { useQuery } from '@tanstack/react-query';
import { DELIVERABLE_STATUSES, type DeliverableStatus } from '@sp/shared';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { DateField } from '@/components/date-field';
import { ISO_DATE } from '@/components/ui/date-input-format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadPrintBundle } from '../api/deliverable-asset';
import { organisationDeliverablesQueryOptions, type DeliverableFilters } from '../api/organisation-deliverables';
import { DeliverableRow } from './deliverable-row';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * The organisation's deliverables, per event (eventId given) or across events, filtered by status,
 * person, due date and sponsor; the filters live in the URL (the route hands them in and out).
 */
export function FulfilmentBoard({
  filters,
  onFilters,
  eventId,
}: {
  filters: Omit<DeliverableFilters, 'event_id'>;
  onFilters: (next: Omit<DeliverableFilters, 'event_id'>) => void;
  eventId?: number;
}) {
  const { t } = useTranslation();
  const query = useQuery(organisationDeliverablesQueryOptions({ ...filters, event_id: eventId }));
  const [sponsor, setSponsor] = useState(filters.sponsor ?? '');
  useEffect(() => setSponsor(filters.sponsor ?? ''), [filters.sponsor]);
  const set = (patch: Partial<DeliverableFilters>) => onFilters({ ...filters, ...patch });
  const team = query.data?.team ?? [];
  const dueBeforeId = useId();

  return (
    <div className="flex flex-col gap-4" data-testid="fulfilment-board">
      {eventId !== undefined ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => downloadPrintBundle(eventId).catch(() => toast.error(t('assets.bundle.failed')))}
        >
          <DownloadIcon className="size-4" aria-hidden="true" />
          {t('assets.bundle.download')}
        </Button>
      ) : null}
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('fulfilment.board.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          set({ sponsor: sponsor.trim() || undefined });
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('fulfilment.board.status')}</span>
          <select
            className={selectClass}
            value={filters.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as DeliverableStatus | undefined })}
          >
            <option value="">{t('fulfilment.board.all')}</option>
            {DELIVERABLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`fulfilment.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('fulfilment.board.assignee')}</span>
          <select
            className={selectClass}
            value={filters.assignee ?? ''}
            onChange={(e) => set({ assignee: e.target.value || undefined })}
          >
            <option value="">{t('fulfilment.board.all')}</option>
            <option value="none">{t('fulfilment.board.nobody')}</option>
            {team.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={dueBeforeId} className="font-medium">
            {t('fulfilment.board.dueBefore')}
          </label>
          <DateField
            control={{ id: dueBeforeId }}
            value={filters.due_before ?? ''}
            onChange={(typed) => {
              if (typed === '' || ISO_DATE.test(typed)) set({ due_before: typed || undefined });
            }}
          />
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('fulfilment.board.sponsor')}</span>
          <Input
            type="search"
            value={sponsor}
            placeholder={t('fulfilment.board.sponsorPlaceholder')}
            onChange={(e) => setSponsor(e.target.value)}
            onBlur={() => set({ sponsor: sponsor.trim() || undefined })}
          />
        </label>
      </form>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('fulfilment.loading')}
        </p>
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('fulfilment.loadFailed')} {getErrorMessage(query.error, t)}
        </p>
      ) : query.data.deliverables.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          {t('fulfilment.board.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.deliverables.map((d) => (
            <DeliverableRow key={d.id} deliverable={d} team={team} showEvent={eventId === undefined} />
          ))}
        </ul>
      )}
    </div>
  );
}
