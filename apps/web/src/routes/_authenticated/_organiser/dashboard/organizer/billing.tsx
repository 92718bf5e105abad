import { createFileRoute } from '@tanstack/react-router';
import { BillingSettingsPage } from '@/features/invoices/components/billing-settings-page';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/billing')({
  component: OrganizerBillingRoute,
});

function OrganizerBillingRoute() {
  const { sub } = Route.useRouteContext();
  return <BillingSettingsPage sub={sub} />;
}
