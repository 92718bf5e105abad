// The print bundle (issue 59, point 4; decisions 084, 089): every approved asset of an event (or of one
// placement) in its original format plus normalised PNG/SVG/PDF variants, named `<package>-<sponsor>.<ext>` (safe, deduplicated), with a
// CSV of name, website, alt text and package. Streamed with yazl: each file is opened from the blob
// store only when the ZIP reaches it (`addReadStreamLazy`), so memory holds one file's chunks at a
// time, not the bundle. The list is read once at the start; approved rounds never change and their
// blobs are named by their content, so an asset approved or replaced meanwhile does not tear it.
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { Picture, Pictures } from './proofs.ts';
import type { BundleEntry } from './repository.ts';

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg', pdf: 'pdf' };

/** Lower-case ASCII letters, digits and single dashes, at most 60 characters; `x` when nothing is left. */
export function safeName(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return ascii || 'x';
}

/** A CSV cell: quoted, quotes doubled, and a leading =, +, -, @ or tab made inert for spreadsheets. */
const cell = (value: string) => {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
};

/** The file names of the entries, in their order: `<package>-<sponsor>.<ext>`, then `-2`, `-3` on a clash. */
export function bundleNames(entries: Pick<BundleEntry, 'packageName' | 'sponsorName' | 'fileType'>[]): string[] {
  const taken = new Set<string>(['sponsors.csv']);
  return entries.map((e) => {
    const base = `${safeName(e.packageName)}-${safeName(e.sponsorName)}`;
    const ext = EXTENSIONS[e.fileType] ?? 'bin';
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.${ext}`;
    taken.add(name);
    return name;
  });
}

/** A lazily opened entry: the ZIP asks for its stream only when it reaches it. */
function addLazy(zip: ZipFile, name: string, compress: boolean, mtime: Date, open: () => Promise<Picture | null>) {
  zip.addReadStreamLazy(name, { compress, mtime }, (done) => {
    open().then(
      (picture) => (picture ? done(null, picture.body) : done(new Error(`Missing: ${name}`), Readable.from([]))),
      (error: unknown) => done(error, Readable.from([])),
    );
  });
}

/**
 * The ZIP: each original at the top (`<package>-<sponsor>.<ext>`), its normalised variants under
 * `png/`, `svg/` (a vector original) and `pdf/` with the same name, a monochrome variant under
 * `mono/`, and sponsors.csv. Variants are made once per approved round and kept (proofs.ts).
 */
export function printBundle(entries: BundleEntry[], store: Pick<BlobStore, 'read'>, pictures: Pictures): Readable {
  const zip = new ZipFile();
  const names = bundleNames(entries);
  const rows = [['file', 'name', 'website', 'alt_text', 'package'].map(cell).join(',')];
  entries.forEach((e, i) => {
    const name = names[i]!;
    const base = name.slice(0, name.lastIndexOf('.'));
    rows.push([name, e.sponsorName, e.website ?? '', e.altText ?? '', e.packageName].map(cell).join(','));
    // Stored images and PDFs are compressed already: kept as they are, not deflated again.
    const original = () => store.read(e.blobKey);
    addLazy(zip, name, e.fileType === 'svg', e.approvedAt, original);
    if (e.fileType !== 'pdf') addLazy(zip, `png/${base}.png`, false, e.approvedAt, () => pictures.png(e));
    if (e.fileType === 'svg') addLazy(zip, `svg/${base}.svg`, true, e.approvedAt, original);
    if (e.fileType !== 'pdf') addLazy(zip, `pdf/${base}.pdf`, false, e.approvedAt, () => pictures.pdf(e));
    if (e.monoBlobKey) {
      const ext = EXTENSIONS[e.monoFileType ?? ''] ?? 'bin';
      const key = e.monoBlobKey;
      addLazy(zip, `mono/${base}.${ext}`, ext === 'svg', e.approvedAt, () => store.read(key));
    }
  });
  zip.addBuffer(Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8'), 'sponsors.csv');
  zip.end();
  const out = zip.outputStream as Readable;
  zip.on('error', (error: Error) => out.destroy(error));
  return out;
}
