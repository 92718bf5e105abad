// The counts and the filter bar above both boards (the event's and the one across events): the
// counts per state, and state, package, person responsible and sort, with an event filter where the
// board spans events; the board's own actions go in as children.
import type { ReactNode } from 'react';
import type { ReadinessCounts } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import type { ReadinessFilters } from './readiness-filters';

const STATES = ['overdue', 'waiting_sponsor', 'waiting_us', 'done'] as const;
const SELECT = 'min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto';

export function BoardCounts({ counts, rowCount }: { counts: ReadinessCounts; rowCount?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('readiness.counts')} data-testid="readiness-counts">
      {rowCount === undefined ? null : (
        <li className="rounded-full border border-border px-3 py-1 text-sm" data-count="rows">
          {t('readiness.across.rows', { count: rowCount })}
        </li>
      )}
      {STATES.map((state) => (
        <li key={state} className="rounded-full border border-border px-3 py-1 text-sm" data-count={state}>
          {t(`readiness.states.${state}`)}: <strong>{counts[state]}</strong>
        </li>
      ))}
    </ul>
  );
}

/** The per-state counts of rows' item counts (the board across events counts the rows shown). */
export function sumCounts(rows: ReadonlyArray<{ item_counts: ReadinessCounts }>): ReadinessCounts {
  const sum = { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 };
  for (const row of rows) for (const state of STATES) sum[state] += row.item_counts[state];
  return sum;
}

type Filters = ReadinessFilters & { event?: number | undefined };

export function BoardFilterBar<F extends Filters>({
  filters,
  onFilters,
  packages,
  assignees,
  events,
  children,
}: {
  filters: F;
  onFilters: (next: F) => void;
  packages: ReadonlyArray<readonly [number, string]>;
  assignees: ReadonlyArray<{ id: string; name: string }>;
  /** The events to filter by (the board across events); it also sorts by event first, its default. */
  events?: ReadonlyArray<{ id: number; title: string; event_date: string }>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const byEvent = events !== undefined;
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {events ? (
        <label className="col-span-2 flex min-w-0 flex-col gap-1 text-sm">
          {t('readiness.across.event')}
          <select
            className={SELECT}
            data-testid="readiness-event-filter"
            value={filters.event ?? ''}
            onChange={(e) =>
              onFilters({ ...filters, event: e.target.value ? Number(e.target.value) : undefined, package: undefined })
            }
          >
            <option value="">{t('readiness.across.allEvents')}</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {`${event.title} (${event.event_date})`}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        {t('readiness.filters.state')}
        <select
          className={SELECT}
          value={filters.state ?? ''}
          onChange={(e) => onFilters({ ...filters, state: (e.target.value || undefined) as Filters['state'] })}
        >
          <option value="">{t('readiness.filters.all')}</option>
          <option value="overdue">{t('readiness.states.overdue')}</option>
          <option value="waiting_sponsor">{t('readiness.states.waiting_sponsor')}</option>
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        {t('readiness.filters.package')}
        <select
          className={SELECT}
          value={filters.package ?? ''}
          onChange={(e) => onFilters({ ...filters, package: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('readiness.filters.all')}</option>
          {packages.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        {t('readiness.filters.assignee')}
        <select
          className={SELECT}
          value={filters.assignee ?? ''}
          onChange={(e) => onFilters({ ...filters, assignee: e.target.value || undefined })}
        >
          <option value="">{t('readiness.filters.all')}</option>
          {assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        {t('readiness.filters.sort')}
        <select
          className={SELECT}
          value={filters.sort ?? (byEvent ? '' : 'name')}
          onChange={(e) => {
            const value = e.target.value;
            // Sorting by name is the event's board's default, so it stays out of its URL.
            const sort = value === 'open' ? 'open' : value === 'name' && byEvent ? 'name' : undefined;
            onFilters({ ...filters, sort });
          }}
        >
          {byEvent ? <option value="">{t('readiness.across.sortEvent')}</option> : null}
          <option value="name">{t('readiness.filters.sortName')}</option>
          <option value="open">{t('readiness.filters.sortOpen')}</option>
        </select>
      </label>
      <div className="col-span-2 flex flex-col gap-2 sm:ml-auto sm:flex-row">{children}</div>
    </div>
  );
}
