// The agreement's round trip: download the event's PDF and return the signed copy, with the
// invitation link as guest access or the signed-in user's token.
import { ZCreateUploadResponse, ZSponsorship } from '@sp/shared';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { FileTooLargeError, putFile, saveBlobAs } from '@/lib/file-transfer';
import { authOf, toSponsorship, type Sponsorship, type SponsorViewer } from './sponsorship';

/** GET /download?key= and save it under its name. */
export async function downloadFile(key: string, fileName: string, viewer: SponsorViewer): Promise<void> {
  const { data } = await api.getBlob(`/download?${new URLSearchParams({ key }).toString()}`, { auth: authOf(viewer) });
  saveBlobAs(data, fileName);
}

/** Upload URL, PUT of the bytes, then PUT /sponsorships/{id}/signed-agreement. */
export async function uploadSignedAgreement(
  sponsorshipId: number,
  file: File,
  viewer: SponsorViewer,
  onProgress?: (fraction: number) => void,
): Promise<Sponsorship> {
  const auth = authOf(viewer);
  const upload = await api.post(
    `/sponsorships/${sponsorshipId}/signed-agreement/upload-url`,
    { file_name: file.name },
    { schema: ZCreateUploadResponse, auth },
  );
  if (file.size > upload.max_bytes) throw new FileTooLargeError(upload.max_bytes);
  try {
    await putFile(upload.url, file, { onProgress });
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) throw new FileTooLargeError(upload.max_bytes);
    throw error;
  }
  const wire = await api.put(
    `/sponsorships/${sponsorshipId}/signed-agreement`,
    { s3_id: upload.s3_id, key: upload.key },
    { schema: ZSponsorship, auth },
  );
  return toSponsorship(wire);
}
