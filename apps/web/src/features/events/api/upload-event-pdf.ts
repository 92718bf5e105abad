// The PDF goes to the signed URL the API hands out (GET /file/upload/...), by XMLHttpRequest because
// fetch cannot report upload progress. The URL is signed, so no bearer token goes with it.
import { PDF_MIME_TYPE, ZApiError, type EventFile } from '@sp/shared';
import { ApiError, NETWORK_ERROR_CODE, codeForStatus } from '@/lib/api-error';
import { createUpload } from './create-upload';

/** The file is larger than the server takes; `maxBytes` when the server said how much it takes. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(readonly maxBytes: number | null) {
    super('File too large');
  }
}

function uploadError(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = ZApiError.safeParse(body);
  if (xhr.status >= 500) {
    return new ApiError({ status: xhr.status, code: 'INTERNAL', message: 'Server error' });
  }
  return new ApiError({
    status: xhr.status,
    code: parsed.success ? parsed.data.code : codeForStatus(xhr.status),
    message: parsed.success ? parsed.data.message : xhr.statusText || `HTTP ${xhr.status}`,
    fields: parsed.success ? parsed.data.fields : undefined,
  });
}

/** PUT of the raw bytes; `onProgress` gets the share sent so far (0..1). */
export function putFile(
  url: string,
  file: Blob,
  { onProgress, contentType = PDF_MIME_TYPE }: { onProgress?: (fraction: number) => void; contentType?: string } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(uploadError(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Network error' }));
    xhr.send(file);
  });
}

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
