import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/webhooks')({
  component: OrganizerWebhooksRoute,
});

function OrganizerWebhooksRoute() {
  const { sub } = Route.useRouteContext();
  return <WebhooksPage sub={sub} />;
}
