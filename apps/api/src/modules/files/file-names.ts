// File names from the client and in responses: the display name is cleaned of anything that could
// act as a path or hide what the name says; the key gets an ASCII slug of it; downloads name the
// file with an ASCII fallback and the RFC 5987 form for everything else.

const DISPLAY_NAME_MAX = 100;
const SLUG_MAX = 60;
// Control characters and the invisible bidirectional controls that can disguise an extension.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** "Vertrag / 2026.pdf" -> "Vertrag _ 2026.pdf": no separators, no control characters, at most 100 characters before ".pdf". */
export function sanitiseFileName(raw: string, extension: string): string {
  let name = raw
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const suffix = `.${extension}`;
  if (name.toLowerCase().endsWith(suffix)) name = name.slice(0, -suffix.length);
  name = Array.from(name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, ''))
    .slice(0, DISPLAY_NAME_MAX)
    .join('')
    .trim();
  return `${name || 'document'}${suffix}`;
}

/** The ASCII part of a key: "Sponsorvertrag Müller.pdf" -> "Sponsorvertrag-Muller". */
export function keySlug(displayName: string): string {
  const slug = displayName
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    // No ".." in a key: the file store refuses it as a way out of the key's folder (a name such as
    // "org/1/../../2/file.pdf" became "org_1_.._.._2_file" and the upload URL a 500).
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^[-._]+|[-._]+$/g, '');
  return slug || 'document';
}

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="..."` with an ASCII fallback, plus `filename*=UTF-8''...` when needed. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const header = `attachment; filename="${ascii}"`;
  return ascii === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
