/**
 * The save sequence of spec section 4. Creating: POST without a file gives the id, then the PDF is
 * uploaded for that id and the event saved again with the file. Editing: a new PDF is uploaded
 * first, then the event is saved with it (or with the files it had).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventFile, SaveEventRequest } from '@sp/shared';
import { eventQueryOptions } from '../api/get-event';
import { eventsListQueryOptions } from '../api/list-events';
import { createEvent, updateEvent } from '../api/save-event';
import { uploadEventPdf } from '../api/upload-event-pdf';
import type { OrganiserEvent } from '../types';

export type EventFields = Omit<SaveEventRequest, 'files'>;

export type SaveEventInput = {
  organisationId: number;
  /** The event being edited; null creates one. */
  event: OrganiserEvent | null;
  fields: EventFields;
  /** A newly chosen PDF; it replaces the event's file. */
  pdf: File | null;
  onUploadProgress?: (fraction: number) => void;
};

export type SaveStage = 'save' | 'upload' | 'attach';

/**
 * A failed step of the sequence. `savedEvent` is set when the event exists on the server
 * although the whole save did not finish (created, but its PDF is missing).
 */
export class EventSaveError extends Error {
  override readonly name = 'EventSaveError';
  constructor(
    readonly stage: SaveStage,
    readonly savedEvent: OrganiserEvent | null,
    options: { cause: unknown },
  ) {
    super(`Saving the event failed at ${stage}`, options);
  }
}

async function step<T>(stage: SaveStage, savedEvent: OrganiserEvent | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new EventSaveError(stage, savedEvent, { cause });
  }
}

export async function saveEvent({
  organisationId,
  event,
  fields,
  pdf,
  onUploadProgress,
}: SaveEventInput): Promise<OrganiserEvent> {
  if (!event) {
    const created = await step('save', null, () => createEvent({ ...fields, files: [] }));
    if (!pdf) return created;
    const file = await step('upload', created, () => uploadEventPdf(organisationId, created.id, pdf, onUploadProgress));
    return step('attach', created, () => updateEvent(created.id, { ...fields, files: [file] }));
  }
  let files: EventFile[] = event.files;
  if (pdf) {
    files = [await step('upload', null, () => uploadEventPdf(event.organisationId, event.id, pdf, onUploadProgress))];
  }
  return step('save', null, () => updateEvent(event.id, { ...fields, files }));
}

export function useSaveEvent(organisationId: number) {
  const queryClient = useQueryClient();
  const remember = (event: OrganiserEvent) => {
    queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
    return queryClient.invalidateQueries({ queryKey: eventsListQueryOptions(organisationId).queryKey });
  };
  return useMutation({
    mutationFn: (input: Omit<SaveEventInput, 'organisationId'>) => saveEvent({ ...input, organisationId }),
    onSuccess: (event) => remember(event),
    onError: async (error) => {
      if (error instanceof EventSaveError && error.savedEvent) await remember(error.savedEvent);
    },
  });
}
