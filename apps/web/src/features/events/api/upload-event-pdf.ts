// The PDF goes to the signed URL the API hands out (GET /file/upload/...).
import type { EventFile } from '@sp/shared';
import { ApiError } from '@/lib/api-error';
import { FileTooLargeError, putFile } from '@/lib/file-transfer';
import { createUpload } from './create-upload';

/** Gets an upload URL for the event, sends the PDF and returns what the event saves as its file. */
export async function uploadEventPdf(
  organisationId: number,
  eventId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<EventFile> {
  const upload = await createUpload(organisationId, eventId, file.name);
  if (file.size > upload.max_bytes) throw new FileTooLargeError(upload.max_bytes);
  try {
    await putFile(upload.url, file, { onProgress });
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw new FileTooLargeError(upload.max_bytes);
    throw error;
  }
  return { s3_id: upload.s3_id, name: upload.file, key: upload.key };
}
