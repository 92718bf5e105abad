import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/feedback/coming-soon';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/')({
  component: EditEventIndexRoute,
});

function EditEventIndexRoute() {
  return <ComingSoon page="editEvent" />;
}
