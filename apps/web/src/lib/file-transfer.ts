// Moving files between the browser and the API: PUT of the bytes to a signed upload URL (by
// XMLHttpRequest, because fetch cannot report upload progress; the URL is signed, so no bearer token
// goes with it), and saving a downloaded blob under its file name.
import { PDF_MIME_TYPE } from '@sp/shared';
import { ApiError, NETWORK_ERROR_CODE, codeForStatus } from './api-error';
import { readApiErrorBody } from './wire-checks';

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
  const parsed = readApiErrorBody(body);
  if (xhr.status >= 500) {
    return new ApiError({ status: xhr.status, code: 'server.internal', detail: 'Server error' });
  }
  return new ApiError({
    status: xhr.status,
    code: parsed ? parsed.code : codeForStatus(xhr.status),
    detail: parsed ? parsed.detail : xhr.statusText || `HTTP ${xhr.status}`,
    fields: parsed?.fields,
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
    xhr.onerror = () => reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, detail: 'Network error' }));
    xhr.send(file);
  });
}

/**
 * Saves a downloaded file through a blob URL (a plain link cannot send the token, and the CSP allows
 * fetches to our own origin only).
 */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the browser has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
