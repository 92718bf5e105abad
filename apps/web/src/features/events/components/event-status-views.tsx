import { Link, useRouter } from '@tanstack/react-router';
import { CalendarSearchIcon, CalendarX2Icon, TriangleAlertIcon } from 'lucide-react';
import { StatusMessage } from '@/components/feedback/status-message';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { eventFetchErrorMessage } from '../utils/event-errors';

function ToEventsButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant={variant}>
      <Link to="/dashboard/organizer/events">{t('events.status.toList')}</Link>
    </Button>
  );
}

/** /edit-event/ without an id. */
export function NoEventSelected() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      icon={CalendarSearchIcon}
      title={t('events.status.noId.title')}
      actions={
        <>
          <ToEventsButton />
          <Button asChild variant="outline">
            <Link to="/create-event/">{t('events.list.create')}</Link>
          </Button>
        </>
      }
    >
      <p>{t('events.status.noId.text')}</p>
    </StatusMessage>
  );
}

/** An id that is not a number, or an event that does not exist or is not the user's (404, 403). */
export function EventNotFound() {
  const { t } = useTranslation();
  return (
    <StatusMessage icon={CalendarX2Icon} title={t('events.status.notFound.title')} actions={<ToEventsButton />}>
      <p>{t('events.status.notFound.text')}</p>
    </StatusMessage>
  );
}

/** Any other failure to load the event: 'Failed to fetch event' and a retry. */
export function EventLoadError({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <StatusMessage
      icon={TriangleAlertIcon}
      title={t('events.status.loadError.title')}
      actions={
        <>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('common.retry')}
          </Button>
          <ToEventsButton variant="outline" />
        </>
      }
    >
      <p role="alert">{eventFetchErrorMessage(error, t)}</p>
    </StatusMessage>
  );
}
