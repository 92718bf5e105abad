import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { WORKSPACE_AREAS, areaLabel } from '../utils/areas';

/**
 * The event's areas as tabs (links: each area is its own URL, the back button goes back a tab).
 * At 375 px the bar scrolls sideways and keeps the current area in view; the current one carries
 * aria-current="page" (set by the router's Link).
 */
export function WorkspaceNav({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const bar = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && bar.current && bar.current.scrollWidth > bar.current.clientWidth) {
      bar.current.scrollLeft = active.offsetLeft - bar.current.clientWidth / 2 + active.offsetWidth / 2;
    }
  }, [pathname]);
  return (
    <nav aria-label={t('events.workspace.nav.label')} className="mt-4 -mb-px">
      <ul ref={bar} className="flex gap-1 overflow-x-auto [scrollbar-width:thin]">
        {WORKSPACE_AREAS.map((area) => (
          <li key={area.key} className="shrink-0">
            <Link
              to={area.to}
              params={{ eventId }}
              activeOptions={{ exact: area.key === 'overview', includeSearch: false }}
              className={cn(
                'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                'data-[status=active]:border-primary data-[status=active]:text-foreground',
              )}
            >
              {t(areaLabel(area))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
