import { createFileRoute } from '@tanstack/react-router';
import { EventsListPage, type EventExtras } from '@/features/events/components/events-list-page';
import { EventInvoiceNumbers } from '@/features/invoices/components/event-invoice-numbers';
import { EventNumbers } from '@/features/packages/components/event-numbers';

export const Route = createFileRoute('/_authenticated/_organiser/dashboard/organizer/events')({
  component: EventsListRoute,
});

/** Per event: the sponsoring numbers (issue 18) and the invoice figures (issue 20). */
const Extras: EventExtras = (props) => (
  <>
    <EventNumbers {...props} />
    <EventInvoiceNumbers {...props} />
  </>
);

function EventsListRoute() {
  return <EventsListPage Extras={Extras} />;
}
