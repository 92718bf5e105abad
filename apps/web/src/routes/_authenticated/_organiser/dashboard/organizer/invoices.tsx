import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '@/features/invoices/components/invoices-page';
import { invoiceSearch } from '@/lib/invoice-search';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/invoices')({
  validateSearch: invoiceSearch,
  component: OrganizerInvoicesRoute,
});

function OrganizerInvoicesRoute() {
  const { organisationId } = Route.useRouteContext();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InvoicesPage
      organisationId={organisationId}
      filters={filters}
      onFilters={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
