import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AgreementMode } from '@sp/shared';
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

/** Switches a new event to the generated agreement (the agreements feature's settings, given by the route). */
export type ChooseGeneratedAgreement = (eventId: number) => Promise<void>;

/**
 * /create-event/: a new event with its PDF (spec sections 2, 4 and 5), or, when the organiser chooses
 * the generated agreement, without one (issue 58: a PDF nobody signs is not asked for).
 */
export function CreateEventPage({ chooseGenerated }: { chooseGenerated?: ChooseGeneratedAgreement }) {
  const { t } = useTranslation();
  return (
    <OrganisationGate title={t('events.form.createTitle')}>
      {(organisationId) => <CreateEvent organisationId={organisationId} chooseGenerated={chooseGenerated} />}
    </OrganisationGate>
  );
}

function CreateEvent({
  organisationId,
  chooseGenerated,
}: {
  organisationId: number;
  chooseGenerated: ChooseGeneratedAgreement | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveEvent(organisationId);
  const [mode, setMode] = useState<AgreementMode>('upload');

  const submit = async (
    { pdf: chosenPdf, ...fields }: EventFormOutput,
    onUploadProgress: (fraction: number) => void,
  ) => {
    const generated = mode === 'generated' && chooseGenerated !== undefined;
    const pdf = generated ? null : chosenPdf;
    try {
      const created = await save.mutateAsync({ event: null, fields, pdf, onUploadProgress });
      if (generated) {
        try {
          await chooseGenerated(created.id);
        } catch {
          // The event exists: its agreement settings are where the choice is made again.
          toast.error(t('events.form.generatedFailed'));
          await navigate({ to: '/edit-event/$eventId/agreement', params: { eventId: created.id }, replace: true });
          return;
        }
      }
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
        {...(chooseGenerated ? { agreementMode: mode, onAgreementModeChange: setMode } : {})}
        onSubmit={submit}
        onUnhandledError={(error) => toast.error(eventSaveErrorMessage(failureCause(error), t))}
      />
    </EventPage>
  );
}
