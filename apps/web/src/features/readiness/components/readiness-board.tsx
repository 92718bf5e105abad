import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReadinessBoard } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { readinessBoardQueryOptions, readinessNoticesQueryOptions } from '../api/readiness-board';
import { ChaseDialog, type ChaseSelection } from './chase-dialog';
import { BoardCounts, BoardFilterBar } from './board-filters';
import { BoardList, BoardTable, columnTitle } from './board-grid';
import { rowName, visibleRows, type ReadinessFilters } from './readiness-filters';

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
      <BoardCounts counts={board.counts} />
      <BoardFilterBar filters={filters} onFilters={onFilters} packages={packages} assignees={board.assignees}>
        <Button
          variant="outline"
          disabled={selected.size === 0}
          onClick={() => setChase({ sponsorshipIds: [...selected] })}
        >
          {t('readiness.chase.selected', { count: selected.size })}
        </Button>
        <Button onClick={() => setChase({ allWaitingSponsor: true })}>{t('readiness.chase.allWaiting')}</Button>
      </BoardFilterBar>
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

function NoticeLog({ eventId, board }: { eventId: number; board: ReadinessBoard }) {
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
