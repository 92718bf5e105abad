import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AgreementMode, Language } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { eventQueryOptions } from '../api/get-event';
import { useSaveEvent } from '../hooks/use-save-event';
import { eventSaveErrorMessage } from '../utils/event-errors';
import type { EventFormOutput } from '../utils/event-form-schema';
import { formatFileSize } from '../utils/file-size';
import { failureCause, pdfProblem, type PdfProblem } from '../utils/save-failure';
import { clearUnfinishedCreate, readUnfinishedCreate } from '../utils/unfinished-create';
import { EventForm } from './event-form';
import { EventPage } from './event-page';
import { Notice } from './notice';

function pdfProblemText(problem: PdfProblem, t: TFunction, language: Language): string {
  if (problem.kind === 'not_pdf') return t('events.form.errors.pdf');
  return problem.maxBytes === null
    ? t('events.form.errors.tooLarge')
    : t('events.form.errors.tooLargeMax', { max: formatFileSize(problem.maxBytes, language) });
}

/**
 * /edit-event/{id}: the event loaded by the route, its stored PDF to download, and saving changes. An
 * event with the generated agreement (`agreementMode`, from the route) needs no PDF of its own.
 */
export function EditEventPage({ eventId, agreementMode }: { eventId: number; agreementMode?: AgreementMode }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventId));
  const save = useSaveEvent(event.organisationId);
  // A create that stopped before its PDF was stored continues here (see unfinished-create.ts).
  const [unfinished] = useState(() => readUnfinishedCreate(eventId));
  const unfinishedProblem = unfinished ? pdfProblem(unfinished.cause) : null;
  const currentFile = event.files[0] ?? null;

  const submit = async ({ pdf, ...fields }: EventFormOutput, onUploadProgress: (fraction: number) => void) => {
    await save.mutateAsync({ event, fields, pdf, onUploadProgress });
    clearUnfinishedCreate(eventId);
    toast.success(t('events.form.saved'));
    await navigate({ to: '/dashboard/organizer/events' });
  };

  return (
    <EventPage title={t('events.form.editTitle')}>
      <EventForm
        key={eventId}
        defaultValues={{
          title: event.title,
          event_date: event.eventDate,
          location: event.location,
          description: event.description,
          pdf: unfinished?.pdf ?? null,
        }}
        requirePdf={currentFile === null}
        currentFile={currentFile}
        {...(agreementMode ? { agreementMode } : {})}
        initialPdfProblem={unfinishedProblem}
        notice={
          unfinished && currentFile === null ? (
            <Notice tone="warning" title={t('events.form.unfinished.title')}>
              <p>
                {unfinishedProblem
                  ? pdfProblemText(unfinishedProblem, t, language)
                  : eventSaveErrorMessage(failureCause(unfinished.cause), t)}
              </p>
              <p>{t('events.form.unfinished.text')}</p>
            </Notice>
          ) : null
        }
        onSubmit={submit}
        onUnhandledError={(error) => toast.error(eventSaveErrorMessage(failureCause(error), t))}
      />
    </EventPage>
  );
}
