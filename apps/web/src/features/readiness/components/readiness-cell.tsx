import { useRouter } from '@tanstack/react-router';
import { AlertTriangleIcon, CheckIcon, ClockIcon, HourglassIcon } from 'lucide-react';
import { useRef, type FocusEvent, type MouseEvent } from 'react';
import type { ReadinessCellView } from '@sp/shared';
import type { TFunction } from '@/lib/i18n';
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

/**
 * The address of a cell's item, as a router link to itemTarget would render it (search values are
 * plain strings, app/router.tsx), built without the router: a board of 200 sponsors has thousands
 * of cells, and a router Link each cost seconds of a phone's first render (decision 106).
 */
export function itemHref(columnKey: string, eventId: number, sponsorEmail: string): string {
  const target = itemTarget(columnKey);
  const path = target.replace('$eventId', String(eventId));
  return target === '/edit-event/$eventId/fulfilment'
    ? `${path}?${new URLSearchParams({ sponsor: sponsorEmail }).toString()}`
    : path;
}

const cellLinkOf = (target: EventTarget): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-cell-link]') : null;

/**
 * What the router's Link does for each cell, done once for a whole grid: a plain click on a cell's
 * link navigates within the app, pointing at or focusing one preloads its page (the app preloads on
 * intent); a click with a modifier key or another button is left to the browser (a new tab).
 */
export function useCellLinks() {
  const router = useRouter();
  const preloaded = useRef<string | null>(null);
  const preload = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const href = cellLinkOf(event.target)?.getAttribute('href');
    if (!href || href === preloaded.current) return;
    preloaded.current = href;
    // The router builds a location from `href` as navigate({ href }) does; only its types ask for `to`.
    void router.preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
  };
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      const href = cellLinkOf(event.target)?.getAttribute('href');
      if (!href || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void router.navigate({ href });
    },
    onMouseOver: preload,
    onFocus: preload,
  };
}

/** A cell as a plain link (no hooks: thousands of them render at once); useCellLinks on the grid handles it. */
export function ReadinessCellLink({
  t,
  cell,
  columnKey,
  columnTitle,
  eventId,
  sponsorEmail,
  position,
}: {
  t: TFunction;
  cell: ReadinessCellView;
  columnKey: string;
  columnTitle: string;
  eventId: number;
  sponsorEmail: string;
  position?: { row: number; col: number };
}) {
  const Icon = ICON[cell.state];
  const label = knownText(t, `readiness.labels.${cell.label}`, cell.label);
  return (
    <a
      href={itemHref(columnKey, eventId, sponsorEmail)}
      data-cell-link=""
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
    </a>
  );
}
