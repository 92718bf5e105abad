import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { SPONSORSHIP_STATUS_ORDER } from '@/lib/event-page-search';
import { cn } from '@/lib/utils';
import type { Sponsorship } from '../api/sponsorship';

/** The sponsor list's filter: one status, and text found in the sponsor's address. */
export type SponsorshipFilter = { status?: Sponsorship['status'] | undefined; search?: string | undefined };

/** Below this many sponsors the list is short enough to read whole: no filter bar. */
export const FILTER_FROM = 6;

export function filterSponsorships(list: Sponsorship[], { status, search }: SponsorshipFilter): Sponsorship[] {
  const needle = search?.trim().toLocaleLowerCase() ?? '';
  return list.filter(
    (s) =>
      (!status || s.status === status) &&
      (!needle ||
        s.sponsorEmail.toLocaleLowerCase().includes(needle) ||
        (s.sponsorName?.toLocaleLowerCase().includes(needle) ?? false)),
  );
}

/** How many sponsorships are in each status. */
export function countByStatus(list: Sponsorship[]): Map<Sponsorship['status'], number> {
  const counts = new Map<Sponsorship['status'], number>();
  for (const s of list) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return counts;
}

/**
 * The status chips (with counts, those with none left out) and the address search above an event's
 * sponsors. The search filters as one types and goes into the URL when the field is left or sent.
 */
export function SponsorshipFilterBar({
  sponsorships,
  filter,
  search,
  onSearch,
  onFilter,
}: {
  sponsorships: Sponsorship[];
  filter: SponsorshipFilter;
  /** The text in the field now (filters at once; kept in the URL on blur or Enter). */
  search: string;
  onSearch: (text: string) => void;
  onFilter: (next: SponsorshipFilter) => void;
}) {
  const { t } = useTranslation();
  const counts = countByStatus(sponsorships);
  const chips: { status: Sponsorship['status'] | undefined; count: number }[] = [
    { status: undefined, count: sponsorships.length },
    ...SPONSORSHIP_STATUS_ORDER.filter((s) => (counts.get(s) ?? 0) > 0 || s === filter.status).map((s) => ({
      status: s,
      count: counts.get(s) ?? 0,
    })),
  ];
  const commit = () => onFilter({ ...filter, search: search.trim() || undefined });
  return (
    <div className="flex flex-col gap-3" role="search" aria-label={t('sponsorships.filter.label')}>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('sponsorships.filter.status')}>
        {chips.map(({ status, count }) => {
          const pressed = filter.status === status;
          return (
            <button
              key={status ?? 'all'}
              type="button"
              aria-pressed={pressed}
              className={cn(
                'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
                'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
              )}
              onClick={() => onFilter({ ...filter, search: search.trim() || undefined, status })}
            >
              {status ? t(`sponsorships.status.${status}`) : t('sponsorships.filter.all')}
              <span className={cn('tabular-nums', pressed ? 'opacity-90' : 'text-muted-foreground')}>{count}</span>
            </button>
          );
        })}
      </div>
      <form
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          commit();
        }}
      >
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          className="pl-8"
          aria-label={t('sponsorships.filter.search')}
          placeholder={t('sponsorships.filter.searchPlaceholder')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          onBlur={commit}
        />
      </form>
    </div>
  );
}
