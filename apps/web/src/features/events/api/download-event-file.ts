import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';

/** GET /download?key=: the PDF with the bearer token, saved under its name. */
export async function downloadEventFile(key: string, fileName: string): Promise<void> {
  const { data } = await api.getBlob(`/download?${new URLSearchParams({ key }).toString()}`);
  saveBlobAs(data, fileName);
}
