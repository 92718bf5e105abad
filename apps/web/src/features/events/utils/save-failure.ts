// What a failed save means for the form: a problem with the PDF itself (shown at the upload field),
// or anything else (a toast with the spec's 'Error updating event: {statusText}').
import { isApiError } from '@/lib/api-error';
import { FileTooLargeError } from '@/lib/file-transfer';
import { EventSaveError } from '../hooks/use-save-event';

export type PdfProblem = { kind: 'not_pdf' } | { kind: 'too_large'; maxBytes: number | null };

/** The error of the failed step (an EventSaveError wraps it). */
export function failureCause(error: unknown): unknown {
  return error instanceof EventSaveError ? error.cause : error;
}

export function pdfProblem(error: unknown): PdfProblem | null {
  const cause = failureCause(error);
  if (cause instanceof FileTooLargeError) return { kind: 'too_large', maxBytes: cause.maxBytes };
  if (!isApiError(cause)) return null;
  if (cause.status === 415) return { kind: 'not_pdf' };
  if (cause.status === 413) return { kind: 'too_large', maxBytes: null };
  return null;
}
