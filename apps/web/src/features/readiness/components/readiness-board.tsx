import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { ReadinessBoardResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { readinessBoardQueryOptions, readinessNoticesQueryOptions } from '../api/readiness-board';
import { ChaseDialog, type ChaseSelection } from './chase-dialog';
import { ReadinessCellLink } from './readiness-cell';
import { rowName, visibleRows, type ReadinessFilters } from './readiness-filters';
import { knownText } from './known-text';

const STATES = ['overdue', 'waiting_sponsor', 'waiting_us', 'done'] as const;

export function columnTitle(t: TFunction, column: { key: string; title: string }) {
  return knownText(t, `readiness.columns.${column.key}`, column.title);
}

/** Arrow keys move between the cells' links (one tab stop for the grid). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const delta = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[event.key];
  const from = event.target as HTMLElement;
  if (!delta || from.dataset.row === undefined) return;
  const row = Number(from.dataset.row) + delta[0]!;
  const col = Number(from.dataset.col) + delta[1]!;
  const next = event.currentTarget.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
  if (!next) return;
  event.preventDefault();
  from.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

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
            board={board}
            rows={rows}
            eventId={eventId}
            selected={selected}
            onToggle={toggle}
            onChaseColumn={(columnKey) => setChase({ allWaitingSponsor: true, columnKey })}
          />
          <BoardList board={board} rows={rows} eventId={eventId} selected={selected} onToggle={toggle} />
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

type Rows = ReturnType<typeof visibleRows>;

function BoardTable({
  board,
  rows,
  eventId,
  selected,
  onToggle,
  onChaseColumn,
}: {
  board: ReadinessBoardResponse;
  rows: Rows;
  eventId: number;
  selected: Set<number>;
  onToggle: (id: number) => void;
  onChaseColumn: (columnKey: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hidden max-h-[70vh] overflow-auto rounded-lg border border-border md:block">
      <table
        className="w-full border-separate border-spacing-0 text-sm"
        onKeyDown={moveFocus}
        data-testid="readiness-table"
      >
        <caption className="sr-only">{t('readiness.caption')}</caption>
        <thead className="sticky top-0 z-20 bg-card">
          <tr>
            <th scope="col" className="sticky left-0 z-30 border-b border-border bg-card p-2 text-left">
              {t('readiness.sponsor')}
            </th>
            {board.columns.map((column) => {
              const waiting = rows.filter((r) => r.cells[column.key]?.state === 'waiting_sponsor').length;
              return (
                <th key={column.key} scope="col" className="min-w-32 border-b border-border p-2 text-left align-bottom">
                  <span className="block">{columnTitle(t, column)}</span>
                  {waiting > 0 ? (
                    <button
                      type="button"
                      className="mt-1 min-h-6 text-xs font-normal text-primary underline underline-offset-2"
                      onClick={() => onChaseColumn(column.key)}
                    >
                      {t('readiness.chase.column', { count: waiting })}
                    </button>
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.sponsorship_id} data-testid={`readiness-row-${row.sponsorship_id}`}>
              <th scope="row" className="sticky left-0 z-10 border-b border-border bg-card p-2 text-left font-normal">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={selected.has(row.sponsorship_id)}
                    onChange={() => onToggle(row.sponsorship_id)}
                  />
                  <span className="flex flex-col">
                    <span className="font-medium break-all">{rowName(row)}</span>
                    <span className="text-xs text-muted-foreground">
                      {row.package_name ?? t('readiness.noPackage')}
                    </span>
                    <NoticeHint row={row} />
                  </span>
                </label>
              </th>
              {board.columns.map((column, c) => {
                const cell = row.cells[column.key];
                return (
                  <td key={column.key} className="border-b border-border p-1">
                    {cell ? (
                      <ReadinessCellLink
                        cell={cell}
                        columnKey={column.key}
                        columnTitle={columnTitle(t, column)}
                        eventId={eventId}
                        sponsorEmail={row.sponsor_email}
                        position={{ row: r, col: c }}
                      />
                    ) : (
                      <span className="block px-2 text-muted-foreground" aria-label={t('readiness.notApplicable')}>
                        –
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NoticeHint({ row }: { row: Rows[number] }) {
  const { t, i18n } = useTranslation();
  if (!row.last_notice) return null;
  const at = new Date(row.last_notice.sent_at ?? row.last_notice.created_at);
  return (
    <span className="text-xs text-muted-foreground" data-testid="notice-hint">
      {t(`readiness.notice.${row.last_notice.status}`, {
        at: at.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
      })}
    </span>
  );
}

function BoardList({
  board,
  rows,
  eventId,
  selected,
  onToggle,
}: {
  board: ReadinessBoardResponse;
  rows: Rows;
  eventId: number;
  selected: Set<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3 md:hidden" data-testid="readiness-list">
      {rows.map((row) => (
        <li key={row.sponsorship_id} className="rounded-lg border border-border p-3">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={selected.has(row.sponsorship_id)}
              onChange={() => onToggle(row.sponsorship_id)}
            />
            <span className="flex flex-col">
              <span className="font-medium break-all">{rowName(row)}</span>
              <span className="text-xs text-muted-foreground">{row.package_name ?? t('readiness.noPackage')}</span>
              <NoticeHint row={row} />
            </span>
          </label>
          <ul className="mt-2 space-y-1">
            {board.columns
              .filter((column) => row.cells[column.key])
              .map((column) => (
                <li key={column.key} className="grid grid-cols-[1fr_auto] items-center gap-2">
                  <span className="text-sm">{columnTitle(t, column)}</span>
                  <ReadinessCellLink
                    cell={row.cells[column.key]!}
                    columnKey={column.key}
                    columnTitle={columnTitle(t, column)}
                    eventId={eventId}
                    sponsorEmail={row.sponsor_email}
                  />
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
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
