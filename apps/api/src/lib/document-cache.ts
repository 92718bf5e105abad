// Documents that are a pure function of their input, made once and kept (issue 57, decision 068):
// the agreement's draft PDF (and the organiser's preview) is rendered from its snapshot alone, so a
// state read that only needs the draft's SHA-256 takes it from here instead of rendering 80-100 ms.
//
// Consistency contract: the key is the full input, never an id. A caller keys an entry by
// `documentKey(kind, rendererVersion, input)`: a SHA-256 of the input's canonical JSON (keys sorted)
// with the renderer's version. Whatever changes the document changes its input and so its key, so a
// cached entry can never be stale: on any process, at any age, whatever the notices do, an entry
// holds exactly the bytes its renderer makes from that input. The renderer version only matters
// within one process (the cache is in memory, so new code starts empty); it is bumped when the
// renderer's output changes for the same input. What is not in the input (fonts, texts) is code.
//
// Bounded: at most `capacity` entries (least recently used dropped first; a draft is 20-40 kB, 64 of
// them about 2.5 MB). A render asked for while the same one runs joins it. A failed render is not
// kept. Callers get their own copy of the bytes, so nothing they do changes an entry.
import { createHash } from 'node:crypto';

export type RenderedDocument = { bytes: Uint8Array; sha256: string };

export type DocumentCache = {
  /** The document under `key`, made by `render` only when this process has not made it yet. */
  once(key: string, render: () => Promise<Uint8Array>): Promise<RenderedDocument>;
};

/** JSON with every object's keys in order: the same data gives the same text, whatever built it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** The key of a document: its kind, its renderer's version and a hash of its whole input. */
export const documentKey = (kind: string, rendererVersion: string, input: unknown): string =>
  `${kind}:${rendererVersion}:${sha256Hex(canonicalJson(input))}`;

export function createDocumentCache(options: { capacity?: number; onRender?: (key: string) => void } = {}) {
  const capacity = options.capacity ?? 64;
  const entries = new Map<string, Promise<RenderedDocument>>();
  const cache: DocumentCache = {
    async once(key, render) {
      let entry = entries.get(key);
      if (entry) {
        // A Map keeps insertion order: moving a hit to the end makes the first key the least recent.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        options.onRender?.(key);
        entry = render().then((bytes) => ({ bytes, sha256: sha256Hex(bytes) }));
        entries.set(key, entry);
        entry.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
        while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      }
      const { bytes, sha256 } = await entry;
      return { bytes: bytes.slice(), sha256 };
    },
  };
  return cache;
}
