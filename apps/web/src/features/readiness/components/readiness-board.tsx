import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReadinessBoardResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { readinessBoardQueryOptions, readinessNoticesQueryOptions } from '../api/readiness-board';
import { ChaseDialog, type ChaseSelection } from './chase-dialog';
import { BoardList, BoardTable, columnTitle } from './board-grid';
import { rowName, visibleRows, type ReadinessFilters } from './readiness-filters';

const STATES = ['overdue', 'waiting_sponsor', 'waiting_us', 'done'] as const;

export function ReadinessBoard({
  eventId,
  filters,
  onFilters,
}: {
  eventId: number;
  filters: ReadinessFilters;
  onFilters: (next: ReadinessFilters) => void;
}) {
  const { t } = useTranslation();
  const { data: board } = useSuspenseQuery(readinessBoardQueryOptions(eventId));
  const rows = useMemo(() => visibleRows(board, filters), [board, filters]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [chase, setChase] = useState<ChaseSelection | null>(null);
  const packages = useMemo(() => {
    const found = new Map<number, string>();
    for (const row of board.rows) if (row.package_id !== null) found.set(row.package_id, row.package_name ?? '');
    return [...found];
  }, [board]);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-4">
      <ul className="flex flex-wrap gap-2" aria-label={t('readiness.counts')} data-testid="readiness-counts">
        {STATES.map((state) => (
          <li key={state} className="rounded-full border border-border px-3 py-1 text-sm" data-count={state}>
            {t(`readiness.states.${state}`)}: <strong>{board.counts[state]}</strong>
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          {t('readiness.filters.state')}
          <select
            className="min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto"
            value={filters.state ?? ''}
            onChange={(e) =>
              onFilters({ ...filters, state: (e.target.value || undefined) as ReadinessFilters['state'] })
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
            className="min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto"
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
            className="min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto"
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
            className="min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-2 sm:w-auto"
            value={filters.sort ?? 'name'}
            onChange={(e) => onFilters({ ...filters, sort: e.target.value === 'open' ? 'open' : undefined })}
          >
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
          <Button onClick={() => setChase({ allWaitingSponsor: true })}>{t('readiness.chase.allWaiting')}</Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('readiness.empty')}</p>
      ) : (
        <>
          <BoardTable
            columns={board.columns}
            rows={rows}
            eventOf={() => eventId}
            selected={selected}
            onToggle={toggle}
            onChaseColumn={(columnKey) => setChase({ allWaitingSponsor: true, columnKey })}
          />
          <BoardList
            columns={board.columns}
            rows={rows}
            eventOf={() => eventId}
            selected={selected}
            onToggle={toggle}
          />
        </>
      )}
      <NoticeLog eventId={eventId} board={board} />
      {chase ? (
        <ChaseDialog
          eventId={eventId}
          selection={chase}
          columns={board.columns}
          onClose={() => setChase(null)}
          onSent={() => setSelected(new Set())}
        />
      ) : null}
    </div>
  );
}

function NoticeLog({ eventId, board }: { eventId: number; board: ReadinessBoardResponse }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(readinessNoticesQueryOptions(eventId));
  const names = new Map(board.rows.map((r) => [r.sponsorship_id, rowName(r)]));
  const notices = data?.notices ?? [];
  return (
    <section aria-labelledby="readiness-notices" className="space-y-2">
      <h2 id="readiness-notices" className="text-lg font-semibold">
        {t('readiness.notices.title')}
      </h2>
      {notices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('readiness.notices.empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="readiness-notices">
          {notices.slice(0, 100).map((n) => (
            <li key={n.id} className="flex flex-wrap gap-x-3 p-2 break-all">
              <span className="font-medium">{names.get(n.sponsorship_id) ?? n.sponsor_email}</span>
              <span>
                {t(`readiness.notice.${n.status}`, {
                  at: new Date(n.sent_at ?? n.created_at).toLocaleString(i18n.language, {
                    dateStyle: 'short',
                    timeStyle: 'short',
                  }),
                })}
              </span>
              <span className="text-muted-foreground">
                {n.items.map((item) => columnTitle(t, { key: item.column_key, title: item.title })).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
