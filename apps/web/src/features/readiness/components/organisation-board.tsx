// The readiness board across the organisation's upcoming events (issue 59 point 1, decision 080):
// one row per live sponsorship of every upcoming event, the columns every event has and a summary
// of the deliverables that opens the event's own board; filters in the URL, chasing from here.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { organisationReadinessQueryOptions } from '../api/readiness-board';
import { BoardCounts, BoardFilterBar, sumCounts } from './board-filters';
import { BoardList, BoardTable } from './board-grid';
import { ChaseDialog, type ChaseSelection } from './chase-dialog';
import { visibleOrganisationRows, waitingIds, type OrganisationFilters } from './organisation-filters';

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
  const counts = useMemo(() => sumCounts(rows), [rows]);

  if (board.events.length === 0)
    return <p className="text-sm text-muted-foreground">{t('readiness.across.noEvents')}</p>;
  return (
    <div className="space-y-4">
      <BoardCounts counts={counts} rowCount={rows.length} />
      <BoardFilterBar
        filters={filters}
        onFilters={onFilters}
        packages={packages}
        assignees={board.assignees}
        events={board.events}
      >
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
      </BoardFilterBar>
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
