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

/** A file of the ZIP: opened only when the ZIP reaches it; its size when known beforehand. */
type Part = { name: string; compress: boolean; open: () => Promise<Picture | null>; size: number | null };

/** A lazily opened entry: the ZIP asks for its stream only when it reaches it. */
function addLazy(zip: ZipFile, part: Part, mtime: Date) {
  const size = part.size ?? undefined;
  zip.addReadStreamLazy(part.name, { compress: part.compress, mtime, size }, (done) => {
    part.open().then(
      (picture) => (picture ? done(null, picture.body) : done(new Error(`Missing: ${part.name}`), Readable.from([]))),
      (error: unknown) => done(error, Readable.from([])),
    );
  });
}

/** `task` over `items`, at most `limit` at a time (a blob store may be remote: no 800 requests at once). */
async function each<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The ZIP: each original at the top (`<package>-<sponsor>.<ext>`), its normalised variants under
 * `png/`, `svg/` (a vector original) and `pdf/` with the same name, a monochrome variant under
 * `mono/`, and sponsors.csv. Variants are made once per approved round and kept (proofs.ts). Every
 * file's size is looked up first (a stat each, no bytes read), so the ZIP's length is known before its
 * first byte and the download carries a Content-Length (a progress bar, no chunked framing); `size` is
 * null when it cannot be known (a compressed SVG, a variant not made yet).
 */
export async function printBundle(
  entries: BundleEntry[],
  store: Pick<BlobStore, 'read' | 'inspect'>,
  pictures: Pictures,
): Promise<{ stream: Readable; size: number | null }> {
  const names = bundleNames(entries);
  const rows = [['file', 'name', 'website', 'alt_text', 'package'].map(cell).join(',')];
  const blobSize = async (key: string) => (await store.inspect(key, 0))?.size ?? null;
  const parts = entries.map((e, i) => {
    const name = names[i]!;
    const base = name.slice(0, name.lastIndexOf('.'));
    rows.push([name, e.sponsorName, e.website ?? '', e.altText ?? '', e.packageName].map(cell).join(','));
    // Stored images and PDFs are compressed already: kept as they are, not deflated again.
    const original = () => store.read(e.blobKey);
    const own: Array<Part & { measure: () => Promise<number | null> }> = [
      { name, compress: e.fileType === 'svg', open: original, size: null, measure: () => blobSize(e.blobKey) },
    ];
    if (e.fileType !== 'pdf') {
      const png = { open: () => pictures.png(e), measure: () => pictures.variantSize(e, 'png') };
      own.push({ name: `png/${base}.png`, compress: false, size: null, ...png });
    }
    if (e.fileType === 'svg') {
      own.push({
        name: `svg/${base}.svg`,
        compress: true,
        open: original,
        size: null,
        measure: () => blobSize(e.blobKey),
      });
    }
    if (e.fileType !== 'pdf') {
      const pdf = { open: () => pictures.pdf(e), measure: () => pictures.variantSize(e, 'pdf') };
      own.push({ name: `pdf/${base}.pdf`, compress: false, size: null, ...pdf });
    }
    if (e.monoBlobKey) {
      const ext = EXTENSIONS[e.monoFileType ?? ''] ?? 'bin';
      const key = e.monoBlobKey;
      own.push({
        name: `mono/${base}.${ext}`,
        compress: ext === 'svg',
        open: () => store.read(key),
        size: null,
        measure: () => blobSize(key),
      });
    }
    return own;
  });
  const all = parts.flat();
  await each(all, 16, async (part) => {
    part.size = await part.measure();
  });
  const zip = new ZipFile();
  parts.forEach((own, i) => own.forEach((part) => addLazy(zip, part, entries[i]!.approvedAt)));
  // Stored, not deflated: a deflated entry's size is not known before it is written (a few kB anyway).
  zip.addBuffer(Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`, 'utf8'), 'sponsors.csv', { compress: false });
  let size: number | null = null;
  // With every size known and nothing deflated, yazl answers the total as end() is called. Its types
  // leave out the total it passes to the callback (yazl's README has it).
  const end = zip.end.bind(zip) as (options: object, sized: (total: number) => void) => void;
  end({}, (total) => {
    size = total >= 0 ? total : null;
  });
  const out = zip.outputStream as Readable;
  zip.on('error', (error: Error) => out.destroy(error));
  return { stream: out, size };
}
