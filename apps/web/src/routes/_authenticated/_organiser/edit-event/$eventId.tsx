import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/coming-soon';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_authenticated/_organiser/edit-event/$eventId')({
  params: {
    parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }),
    stringify: ({ eventId }) => ({ eventId: String(eventId) }),
  },
  component: EditEventRoute,
});

function EditEventRoute() {
  const { eventId } = Route.useParams();
  const { t } = useTranslation();
  return <ComingSoon page="editEvent" detail={t('comingSoon.eventId', { id: eventId })} />;
}
