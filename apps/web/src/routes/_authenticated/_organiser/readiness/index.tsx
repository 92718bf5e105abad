import { createFileRoute } from '@tanstack/react-router';
import { organisationReadinessQueryOptions } from '@/features/readiness/api/readiness-board';
import { OrganisationReadinessBoard } from '@/features/readiness/components/organisation-board';
import { useTranslation } from '@/lib/i18n';
import { searchEnum, searchPositiveInt, searchSchema, searchString } from '@/lib/search-params';

// Hand-written, not zod: every route's validateSearch ships in the entry chunk (decision 006).
const search = searchSchema({
  event: searchPositiveInt,
  state: searchEnum(['overdue', 'waiting_sponsor'] as const),
  package: searchPositiveInt,
  assignee: (value: unknown) => {
    const text = searchString(value);
    return text !== undefined && text.length <= 128 ? text : undefined;
  },
  sort: searchEnum(['name', 'open'] as const),
});

/** /readiness/: the readiness board across the organisation's upcoming events. */
export const Route = createFileRoute('/_authenticated/_organiser/readiness/')({
  validateSearch: search,
  loader: ({ context }) => context.queryClient.ensureQueryData(organisationReadinessQueryOptions()),
  component: ReadinessAcrossEventsRoute,
});

function ReadinessAcrossEventsRoute() {
  const { t } = useTranslation();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('readiness.across.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('readiness.across.lead')}</p>
      </div>
      <OrganisationReadinessBoard
        filters={filters}
        onFilters={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      />
    </main>
  );
}
