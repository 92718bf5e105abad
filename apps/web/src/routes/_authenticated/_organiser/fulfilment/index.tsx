import { createFileRoute } from '@tanstack/react-router';
import { FulfilmentPage } from '@/features/fulfilment/components/fulfilment-page';
import { fulfilmentSearch } from '@/lib/fulfilment-search';

export const Route = createFileRoute('/_authenticated/_organiser/fulfilment/')({
  validateSearch: fulfilmentSearch,
  component: FulfilmentRoute,
});

function FulfilmentRoute() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FulfilmentPage filters={filters} onFilters={(next) => void navigate({ search: next, replace: true })} />;
}
