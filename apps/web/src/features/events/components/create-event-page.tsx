import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useTranslation } from '@/lib/i18n';
import { EventSaveError, useSaveEvent } from '../hooks/use-save-event';
import { eventSaveErrorMessage } from '../utils/event-errors';
import type { EventFormOutput } from '../utils/event-form-schema';
import { failureCause, pdfProblem } from '../utils/save-failure';
import { rememberUnfinishedCreate } from '../utils/unfinished-create';
import { EventForm } from './event-form';
import { EventPage } from './event-page';
import { OrganisationGate } from './organisation-gate';

const EMPTY = { title: '', event_date: '', location: '', description: '', pdf: null };

/** /create-event/: a new event with its PDF (spec sections 2, 4 and 5). */
export function CreateEventPage() {
  const { t } = useTranslation();
  return (
    <OrganisationGate title={t('events.form.createTitle')}>
      {(organisationId) => <CreateEvent organisationId={organisationId} />}
    </OrganisationGate>
  );
}

function CreateEvent({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveEvent(organisationId);

  const submit = async ({ pdf, ...fields }: EventFormOutput, onUploadProgress: (fraction: number) => void) => {
    try {
      await save.mutateAsync({ event: null, fields, pdf, onUploadProgress });
    } catch (error) {
      if (error instanceof EventSaveError && error.savedEvent) {
        // The event exists, its PDF does not: continue on its edit page, where saving again finishes it.
        rememberUnfinishedCreate(error.savedEvent.id, {
          stage: error.stage,
          cause: error.cause,
          pdf: pdfProblem(error) ? null : pdf,
        });
        await navigate({ to: '/edit-event/$eventId', params: { eventId: error.savedEvent.id }, replace: true });
        return;
      }
      throw error;
    }
    toast.success(t('events.form.saved'));
    await navigate({ to: '/dashboard/organizer/events' });
  };

  return (
    <EventPage title={t('events.form.createTitle')} lead={t('events.form.createLead')} backToList>
      <EventForm
        defaultValues={EMPTY}
        requirePdf
        currentFile={null}
        onSubmit={submit}
        onUnhandledError={(error) => toast.error(eventSaveErrorMessage(failureCause(error), t))}
      />
    </EventPage>
  );
}
