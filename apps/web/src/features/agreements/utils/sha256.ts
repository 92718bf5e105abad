// A file's SHA-256 computed in the browser (the verification page sends only the hash), and the
// forms a pasted hash may come in (upper case, spaces, a "sha256:" prefix).

const HEX_64 = /^[0-9a-f]{64}$/;

export async function sha256Hex(data: Blob | ArrayBuffer): Promise<string> {
  // Checked by shape: an ArrayBuffer of another realm (a test's, a frame's) fails instanceof.
  const bytes = 'arrayBuffer' in data ? await data.arrayBuffer() : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The 64 lower-case hex digits of a pasted hash, or null when it is not one. */
export function normaliseSha256(input: string): string | null {
  const hex = input
    .trim()
    .toLowerCase()
    .replace(/^sha-?256[:\s]*/, '')
    .replace(/[\s:]/g, '');
  return HEX_64.test(hex) ? hex : null;
}

/** The short form shown beside a draft: first and last eight digits, enough to compare by eye. */
export const shortSha256 = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex);
