// The board's grid, shared by the event's board and the board across events: a table from 768 px
// (sticky header and first column, arrow keys between the cells' links, one tab stop) and a list per
// sponsor below. A row's cells link into the row's own event. Only the layout the width shows is
// rendered (both where the browser cannot tell, the CSS then hides one): 200 sponsors make thousands
// of cells, twice over on a phone's first paint otherwise (decision 106).
import { startTransition, useEffect, useState, type KeyboardEvent } from 'react';
import type { ReadinessRow } from '@sp/shared';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { knownText } from './known-text';
import { ReadinessCellLink, useCellLinks } from './readiness-cell';
import { rowName } from './readiness-filters';

/** The width from which the table is shown (Tailwind's md, as the CSS classes below). */
const WIDE = '(min-width: 768px)';

/** How many rows the first paint shows; the rest follow at once, in a transition (decision 106). */
const FIRST_ROWS = 30;

/**
 * `rows`, but on the grid's first render only the first FIRST_ROWS: the page paints (header, counts,
 * filters, the first sponsors) before the cells of 200 sponsors are built, which took seconds on a
 * phone; the rest are rendered right after the first paint, interruptibly.
 */
function useFirstRowsFirst<Row>(rows: Row[]): Row[] {
  const [all, setAll] = useState(rows.length <= FIRST_ROWS);
  useEffect(() => {
    if (all) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [all]);
  return all ? rows : rows.slice(0, FIRST_ROWS);
}

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

type GridProps<Row extends ReadinessRow> = {
  columns: Array<{ key: string; title: string }>;
  rows: Row[];
  /** The event a row's cells open. */
  eventOf: (row: Row) => number;
  /** A line above the package in the first column (the event, on the board across events). */
  detailOf?: (row: Row) => string | null;
  selected: Set<number>;
  onToggle: (id: number) => void;
};

export function BoardTable<Row extends ReadinessRow>({
  columns,
  rows,
  eventOf,
  detailOf,
  selected,
  onToggle,
  onChaseColumn,
}: GridProps<Row> & { onChaseColumn: (columnKey: string) => void }) {
  const { t } = useTranslation();
  const links = useCellLinks();
  const shown = useFirstRowsFirst(rows);
  if (!useMediaQuery(WIDE, true)) return null;
  return (
    <div className="hidden max-h-[70vh] overflow-auto rounded-lg border border-border md:block">
      <table
        className="w-full border-separate border-spacing-0 text-sm"
        onKeyDown={moveFocus}
        {...links}
        data-testid="readiness-table"
      >
        <caption className="sr-only">{t('readiness.caption')}</caption>
        <thead className="sticky top-0 z-20 bg-card">
          <tr>
            <th scope="col" className="sticky left-0 z-30 border-b border-border bg-card p-2 text-left">
              {t('readiness.sponsor')}
            </th>
            {columns.map((column) => {
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
          {shown.map((row, r) => (
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
                    <RowDetail row={row} detail={detailOf?.(row)} />
                    <NoticeHint row={row} />
                  </span>
                </label>
              </th>
              {columns.map((column, c) => {
                const cell = row.cells[column.key];
                return (
                  <td key={column.key} className="border-b border-border p-1">
                    {cell ? (
                      <ReadinessCellLink
                        t={t}
                        cell={cell}
                        columnKey={column.key}
                        columnTitle={columnTitle(t, column)}
                        eventId={eventOf(row)}
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

function RowDetail({ row, detail }: { row: ReadinessRow; detail: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-muted-foreground">
      {detail ? <span className="block font-medium text-foreground/80">{detail}</span> : null}
      {row.package_name ?? t('readiness.noPackage')}
    </span>
  );
}

function NoticeHint({ row }: { row: ReadinessRow }) {
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

export function BoardList<Row extends ReadinessRow>({
  columns,
  rows,
  eventOf,
  detailOf,
  selected,
  onToggle,
}: GridProps<Row>) {
  const { t } = useTranslation();
  const links = useCellLinks();
  const shown = useFirstRowsFirst(rows);
  if (useMediaQuery(WIDE, false)) return null;
  return (
    <ul className="space-y-3 md:hidden" {...links} data-testid="readiness-list">
      {shown.map((row) => (
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
              <RowDetail row={row} detail={detailOf?.(row)} />
              <NoticeHint row={row} />
            </span>
          </label>
          <ul className="mt-2 space-y-1">
            {columns
              .filter((column) => row.cells[column.key])
              .map((column) => (
                <li key={column.key} className="grid grid-cols-[1fr_auto] items-center gap-2">
                  <span className="text-sm">{columnTitle(t, column)}</span>
                  <ReadinessCellLink
                    t={t}
                    cell={row.cells[column.key]!}
                    columnKey={column.key}
                    columnTitle={columnTitle(t, column)}
                    eventId={eventOf(row)}
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
