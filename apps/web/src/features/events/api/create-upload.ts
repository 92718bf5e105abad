import { ZCreateUploadResponse, type CreateUploadResponse } from '@sp/shared';
import { api } from '@/lib/api-client';

/** The name without its extension, as the upload path wants them apart. */
export function splitFileName(fileName: string): { name: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  const name = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : 'pdf';
  return { name: name || 'document', extension: extension || 'pdf' };
}

/** GET /file/upload/{organisationId}/{eventId}/{fileName}/{extension}: a signed URL to PUT the PDF to. */
export async function createUpload(
  organisationId: number,
  eventId: number,
  fileName: string,
): Promise<CreateUploadResponse> {
  const { name, extension } = splitFileName(fileName);
  const path = ['file', 'upload', organisationId, eventId, name, extension]
    .map((part) => encodeURIComponent(String(part)))
    .join('/');
  return api.get(`/${path}`, { schema: ZCreateUploadResponse });
}
