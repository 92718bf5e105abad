import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';
import { eventSponsorshipsQueryOptions } from '../api/list-event-sponsorships';
import { sponsorLabel, type Sponsorship } from '../api/sponsorship';
import { ExportSponsorsButton } from './export-sponsors-button';
import { RemindAllButton } from './remind-all-button';
import { SponsorshipFilterBar, type SponsorshipFilter } from './sponsorship-filter';
import {
  nextSort,
  SPONSOR_SORT_KEYS,
  sponsorRows,
  toggleAll,
  type SponsorSort,
  type SponsorSortKey,
} from './sponsors-table-model';
import { StatusBadge } from './status-badge';
import type { SponsorsActionsSlot } from './event-sponsorships-card';

const selectClass =
  'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: SponsorSortKey;
  sort: SponsorSort;
  onSort: (next: SponsorSort) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ChevronsUpDownIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => onSort(nextSort(sort, column))}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * The event's sponsors as a table (issue 58): the status chips and address search of the sponsor
 * list, sorting by column, ticking rows for the reminder to all ticked who have not signed, and a
 * row's address opening its detail panel. The list is one request (GET /event/{id}/sponsorships);
 * nothing is read per row, so two hundred sponsors are one answer and one render.
 */
export function SponsorsTable({
  eventId,
  filter,
  sort,
  onChange,
  onOpen,
  ActionsSlot,
  empty,
}: {
  eventId: number;
  filter: SponsorshipFilter;
  sort: SponsorSort;
  onChange: (next: { filter: SponsorshipFilter; sort: SponsorSort }) => void;
  onOpen: (sponsorshipId: number) => void;
  ActionsSlot?: SponsorsActionsSlot;
  /** Shown instead of the table while the event has no sponsors. */
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: all } = useSuspenseQuery(eventSponsorshipsQueryOptions(eventId));
  const [search, setSearch] = useState(filter.search ?? '');
  // The field filters as one types and reaches the URL when left; a new URL (history, a link) wins.
  const [urlSearch, setUrlSearch] = useState(filter.search);
  if (filter.search !== urlSearch) {
    setUrlSearch(filter.search);
    setSearch(filter.search ?? '');
  }
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  if (all.length === 0) return <>{empty}</>;

  const rows = sponsorRows(all, { status: filter.status, search }, sort);
  const ticked: Sponsorship[] = rows.filter((s) => selected.has(s.id));
  const allTicked = rows.length > 0 && ticked.length === rows.length;
  const onSort = (next: SponsorSort) =>
    onChange({ filter: { ...filter, search: search.trim() || undefined }, sort: next });
  const tick = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <ExportSponsorsButton eventId={eventId} />
        {ActionsSlot ? <ActionsSlot eventId={eventId} sponsorships={all} /> : null}
      </div>
      <SponsorshipFilterBar
        sponsorships={all}
        filter={filter}
        search={search}
        onSearch={setSearch}
        onFilter={(next) => onChange({ filter: next, sort })}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status" data-testid="sponsorships-shown">
          {t('sponsorships.filter.shown', { shown: String(rows.length), total: String(all.length) })}
        </p>
        <label className="flex items-center gap-2 text-sm sm:hidden">
          {t('events.workspace.sponsors.sortBy')}
          <select
            className={selectClass}
            value={`${sort.key}:${sort.direction}`}
            onChange={(e) => {
              const [key, direction] = e.target.value.split(':') as [SponsorSortKey, 'asc' | 'desc'];
              onSort({ key, direction });
            }}
          >
            {SPONSOR_SORT_KEYS.flatMap((key) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                  {t(`events.workspace.sponsors.sort.${key}.${direction}`)}
                </option>
              )),
            )}
          </select>
        </label>
      </div>
      {ticked.length > 0 ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-md border border-primary/40 bg-primary/5 px-3 py-2 text-sm"
          role="region"
          aria-label={t('events.workspace.sponsors.bulk.label')}
          data-testid="sponsors-bulk"
        >
          <span className="font-medium">{t('events.workspace.sponsors.bulk.selected', { count: ticked.length })}</span>
          <RemindAllButton sponsorships={ticked} />
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            {t('events.workspace.sponsors.bulk.clear')}
          </Button>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <div className="flex flex-col items-start gap-2 rounded-md border border-dashed p-4 text-sm">
          <p className="text-muted-foreground">{t('sponsorships.filter.none')}</p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setSearch('');
              onChange({ filter: {}, sort });
            }}
          >
            {t('sponsorships.filter.showAll')}
          </Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full table-fixed text-sm" aria-label={t('sponsorships.list.title')}>
            <thead className="border-b border-border text-left text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 py-3 pl-4">
                  <input
                    type="checkbox"
                    className="size-4 align-middle"
                    checked={allTicked}
                    ref={(box) => {
                      if (box) box.indeterminate = ticked.length > 0 && !allTicked;
                    }}
                    aria-label={t('events.workspace.sponsors.selectAll', { count: rows.length })}
                    onChange={() => setSelected(toggleAll(selected, rows))}
                  />
                </th>
                <SortHeader
                  label={t('events.workspace.sponsors.columns.sponsor')}
                  column="email"
                  sort={sort}
                  onSort={onSort}
                  className="py-3 pr-3"
                />
                <SortHeader
                  label={t('events.workspace.sponsors.columns.status')}
                  column="status"
                  sort={sort}
                  onSort={onSort}
                  className="hidden w-56 py-3 pr-3 sm:table-cell"
                />
                <SortHeader
                  label={t('events.workspace.sponsors.columns.amount')}
                  column="amount"
                  sort={sort}
                  onSort={onSort}
                  className="hidden w-36 py-3 pr-4 text-right sm:table-cell"
                />
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((s) => (
                <tr key={s.id} data-testid="sponsor-row" aria-selected={selected.has(s.id)} className="align-top">
                  <td className="py-3 pl-4">
                    <input
                      type="checkbox"
                      className="size-4 align-middle"
                      checked={selected.has(s.id)}
                      aria-label={t('events.workspace.sponsors.select', { email: sponsorLabel(s) })}
                      onChange={() => tick(s.id)}
                    />
                  </td>
                  <td className="py-3 pr-3">
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      className="max-w-full rounded-sm text-left font-medium break-all text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => onOpen(s.id)}
                    >
                      {sponsorLabel(s)}
                    </button>
                    {s.sponsorName !== null ? (
                      <span className="block text-sm break-all text-muted-foreground" data-testid="sponsor-email">
                        {s.sponsorEmail}
                      </span>
                    ) : null}
                    <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                      <StatusBadge sponsorship={s} />
                      <span className="tabular-nums">
                        {s.amountCents !== null ? format.currency(s.amountCents / 100) : t('sponsorships.amount.none')}
                      </span>
                    </span>
                  </td>
                  <td className="hidden py-3 pr-3 sm:table-cell">
                    <StatusBadge sponsorship={s} />
                  </td>
                  <td className="hidden py-3 pr-4 text-right tabular-nums sm:table-cell">
                    {s.amountCents !== null ? format.currency(s.amountCents / 100) : t('sponsorships.amount.none')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
