// The readiness board across the organisation's upcoming events (issue 59 point 1, decision 080):
// one row per live sponsorship of every upcoming event, the columns every event has and a summary
// of the deliverables that opens the event's own board; filters in the URL, chasing from here.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { organisationReadinessQueryOptions } from '../api/readiness-board';
import { BoardList, BoardTable } from './board-grid';
import { ChaseDialog, type ChaseSelection } from './chase-dialog';
import { visibleOrganisationRows, waitingIds, type OrganisationFilters } from './organisation-filters';

const STATES = ['overdue', 'waiting_sponsor', 'waiting_us', 'done'] as const;
const SELECT = 'min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto';

export function OrganisationReadinessBoard({
  filters,
  onFilters,
}: {
  filters: OrganisationFilters;
  onFilters: (next: OrganisationFilters) => void;
}) {
  const { t } = useTranslation();
  const { data: board } = useSuspenseQuery(organisationReadinessQueryOptions());
  const rows = useMemo(() => visibleOrganisationRows(board, filters), [board, filters]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [chase, setChase] = useState<ChaseSelection | null>(null);
  const eventTitle = useMemo(() => new Map(board.events.map((e) => [e.id, e.title])), [board]);
  const packages = useMemo(() => {
    const found = new Map<number, string>();
    for (const row of board.rows)
      if (row.package_id !== null && (filters.event === undefined || row.event_id === filters.event))
        found.set(row.package_id, `${row.package_name ?? ''} · ${eventTitle.get(row.event_id) ?? ''}`);
    return [...found];
  }, [board, filters.event, eventTitle]);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const waiting = waitingIds(rows);
  // The header counts the items of the rows shown (every deliverable counted, as the event's board does).
  const counts = useMemo(() => {
    const sum = { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 };
    for (const row of rows) for (const state of STATES) sum[state] += row.item_counts[state];
    return sum;
  }, [rows]);

  if (board.events.length === 0)
    return <p className="text-sm text-muted-foreground">{t('readiness.across.noEvents')}</p>;
  return (
    <div className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label={t('readiness.counts')} data-testid="readiness-counts">
        <li className="rounded-full border border-border px-3 py-1 text-sm" data-count="rows">
          {t('readiness.across.rows', { count: rows.length })}
        </li>
        {STATES.map((state) => (
          <li key={state} className="rounded-full border border-border px-3 py-1 text-sm" data-count={state}>
            {t(`readiness.states.${state}`)}: <strong>{counts[state]}</strong>
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
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
            {board.events.map((event) => (
              <option key={event.id} value={event.id}>
                {`${event.title} (${event.event_date})`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t('readiness.filters.state')}
          <select
            className={SELECT}
            value={filters.state ?? ''}
            onChange={(e) =>
              onFilters({ ...filters, state: (e.target.value || undefined) as OrganisationFilters['state'] })
            }
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
            {board.assignees.map((a) => (
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
            value={filters.sort ?? ''}
            onChange={(e) =>
              onFilters({ ...filters, sort: (e.target.value || undefined) as OrganisationFilters['sort'] })
            }
          >
            <option value="">{t('readiness.across.sortEvent')}</option>
            <option value="name">{t('readiness.filters.sortName')}</option>
            <option value="open">{t('readiness.filters.sortOpen')}</option>
          </select>
        </label>
        <div className="col-span-2 flex flex-col gap-2 sm:ml-auto sm:flex-row">
          <Button
            variant="outline"
            disabled={selected.size === 0}
            onClick={() => setChase({ sponsorshipIds: [...selected] })}
          >
            {t('readiness.chase.selected', { count: selected.size })}
          </Button>
          <Button disabled={waiting.length === 0} onClick={() => setChase({ sponsorshipIds: waiting })}>
            {t('readiness.across.chaseShown', { count: waiting.length })}
          </Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('readiness.empty')}</p>
      ) : (
        <>
          <BoardTable
            columns={board.columns}
            rows={rows}
            eventOf={(row) => row.event_id}
            detailOf={(row) => eventTitle.get(row.event_id) ?? null}
            selected={selected}
            onToggle={toggle}
            onChaseColumn={(columnKey) => setChase({ sponsorshipIds: waitingIds(rows, columnKey), columnKey })}
          />
          <BoardList
            columns={board.columns}
            rows={rows}
            eventOf={(row) => row.event_id}
            detailOf={(row) => eventTitle.get(row.event_id) ?? null}
            selected={selected}
            onToggle={toggle}
          />
        </>
      )}
      {chase ? (
        <ChaseDialog
          eventId={null}
          selection={chase}
          columns={board.columns}
          onClose={() => setChase(null)}
          onSent={() => setSelected(new Set())}
        />
      ) : null}
    </div>
  );
}
