// The event form's schema, derived from the shared request schema so that the API's field error
// codes ('required', 'too_long', 'invalid_date') and the form's are the same words.
import { z } from 'zod';
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX, PDF_MIME_TYPE, ZEventDate, ZSaveEventRequest } from '@sp/shared';

export const EVENT_FIELD_MAX = {
  title: EVENT_TITLE_MAX,
  description: EVENT_DESCRIPTION_MAX,
  location: ZSaveEventRequest.shape.location.maxLength ?? 200,
} as const;

const ZPdf = z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, 'pdf_required');

/** A new event, or one that has no document yet, needs a PDF (spec section 5). */
export function eventFormSchema({ requirePdf }: { requirePdf: boolean }) {
  return ZSaveEventRequest.pick({ title: true, location: true, description: true }).extend({
    event_date: z.string().trim().min(1, 'required').pipe(ZEventDate),
    pdf: requirePdf ? ZPdf : ZPdf.nullable(),
  });
}

export type EventFormValues = {
  title: string;
  event_date: string;
  location: string;
  description: string;
  pdf: File | null;
};
export type EventFormOutput = z.output<ReturnType<typeof eventFormSchema>>;

/** Only PDF files are taken; a browser that does not know the type still sends the name. */
export function isPdfFile(file: File): boolean {
  if (file.type === PDF_MIME_TYPE) return true;
  return (file.type === '' || file.type === 'application/octet-stream') && /\.pdf$/i.test(file.name);
}
