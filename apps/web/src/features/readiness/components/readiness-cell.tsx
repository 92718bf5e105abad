import { Link } from '@tanstack/react-router';
import { AlertTriangleIcon, CheckIcon, ClockIcon, HourglassIcon } from 'lucide-react';
import type { ReadinessCellView } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { knownText } from './known-text';

const STYLE = {
  done: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  waiting_sponsor: 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  waiting_us: 'bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  overdue: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
} as const;
const ICON = { done: CheckIcon, waiting_sponsor: HourglassIcon, waiting_us: ClockIcon, overdue: AlertTriangleIcon };

/** Where a cell's item is worked on. */
export function itemTarget(
  columnKey: string,
):
  | '/edit-event/$eventId/agreement'
  | '/edit-event/$eventId/invoices'
  | '/edit-event/$eventId/fulfilment'
  | '/edit-event/$eventId/sponsors'
  | '/edit-event/$eventId/readiness' {
  // The deliverables summary of the board across events opens the event's own board.
  if (columnKey === 'deliverables') return '/edit-event/$eventId/readiness';
  if (columnKey === 'agreement') return '/edit-event/$eventId/agreement';
  if (columnKey === 'invoice' || columnKey === 'payment') return '/edit-event/$eventId/invoices';
  if (columnKey.startsWith('deliverable:')) return '/edit-event/$eventId/fulfilment';
  return '/edit-event/$eventId/sponsors';
}

export function ReadinessCellLink({
  cell,
  columnKey,
  columnTitle,
  eventId,
  sponsorEmail,
  position,
}: {
  cell: ReadinessCellView;
  columnKey: string;
  columnTitle: string;
  eventId: number;
  sponsorEmail: string;
  position?: { row: number; col: number };
}) {
  const { t } = useTranslation();
  const Icon = ICON[cell.state];
  const label = knownText(t, `readiness.labels.${cell.label}`, cell.label);
  const target = itemTarget(columnKey);
  return (
    <Link
      to={target}
      params={{ eventId }}
      {...(target === '/edit-event/$eventId/fulfilment' ? { search: { sponsor: sponsorEmail } } : {})}
      data-state={cell.state}
      data-row={position?.row}
      data-col={position?.col}
      tabIndex={position && (position.row > 0 || position.col > 0) ? -1 : 0}
      className={cn(
        'flex min-h-11 items-center gap-1.5 rounded px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
        STYLE[cell.state],
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{`${columnTitle}: ${t(`readiness.states.${cell.state}`)}, `}</span>
      <span className="truncate">{label}</span>
      {cell.due && cell.state !== 'done' ? (
        <span className="ml-auto shrink-0 opacity-80">
          <span className="sr-only">{`${t('readiness.duePrefix')} `}</span>
          {cell.due}
        </span>
      ) : null}
    </Link>
  );
}
