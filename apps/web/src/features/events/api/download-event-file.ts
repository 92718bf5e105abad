import { api } from '@/lib/api-client';

/**
 * GET /download?key=: the PDF with the bearer token, then saved through a blob URL (a plain link
 * cannot send the token, and the CSP allows fetches to our own origin only).
 */
export async function downloadEventFile(key: string, fileName: string): Promise<void> {
  const { data } = await api.getBlob(`/download?${new URLSearchParams({ key }).toString()}`);
  const url = URL.createObjectURL(data);
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
