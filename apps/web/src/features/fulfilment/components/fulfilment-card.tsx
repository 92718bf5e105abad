import { ClipboardCheckIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import type { DeliverableFilters } from '../api/organisation-deliverables';
import { FulfilmentBoard } from './fulfilment-board';

/** The event page's fulfilment: the deliverables of the event's confirmed sponsorships. */
export function FulfilmentCard({
  eventId,
  filters,
  onFilters,
}: {
  eventId: number;
  filters: Omit<DeliverableFilters, 'event_id'>;
  onFilters: (next: Omit<DeliverableFilters, 'event_id'>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card id="fulfilment">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheckIcon className="size-5 text-primary" aria-hidden="true" />
          {t('fulfilment.board.eventTitle')}
        </CardTitle>
        <CardDescription>{t('fulfilment.board.eventLead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <FulfilmentBoard eventId={eventId} filters={filters} onFilters={onFilters} />
      </CardContent>
    </Card>
  );
}
