// Serialized answers of the hot list reads (the event list, the conversation list, a conversation's
// messages), kept in memory with the version of the data they were made from (decision 011). A
// caller reads the version on every request, after the access check, and gets the stored JSON only
// while it is still that version. The version read may itself be answered from the read memo
// (db/read-memo.ts, kept until a write notice drops it: decisions 029, 070), so on another process
// an answer can lag a write by the notice's way (within 1 s, read-consistency.test.ts); the process
// that wrote sees its write at once.
//
// Versions must never repeat for a key (revision counters only move forward), and the version must
// be read before the data it labels: an answer built from newer data under an older version is
// only a miss later, never a stale hit. So a load reads its data itself, after the version, and from
// the database (readFresh: never from the read memo, whose rows may be older than the version);
// data read before the version (in the access check) must not go into the answer.
//
// A load asked for a key and version while the same load is running joins it (decision 044): the
// version was read before either load, so the running load's data is that version's or newer, as a
// load of its own would be. Under the 200-user load the 30-odd users of one account each read their
// conversation list anew after every message batch.
//
// The compressed copies a browser asks for (Accept-Encoding) are kept beside the JSON, made once
// per version: compressing on every request (what @fastify/compress does for any other answer)
// cost a cached read 5 to 10 times its uncompressed time (decision 013).
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { readFresh } from './fresh-reads.ts';

type Headers = Record<string, string>;
export type ContentCoding = 'br' | 'gzip';
// The JSON is kept as bytes: turning a 70 kB string into UTF-8 bytes on every send was a quarter of
// the time of a cached conversation read.
type Entry = {
  version: string;
  json: Buffer;
  headers: Headers | undefined;
  encoded: Partial<Record<ContentCoding, Buffer>>;
};

/** Below this an answer is sent as it is: compressing would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The content coding to answer with for an Accept-Encoding header: brotli, else gzip, else none
 * (RFC 9110, 12.5.3: a coding with q=0 is refused; `*` stands for any coding not named).
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  if (typeof acceptEncoding !== 'string' || acceptEncoding.length > MAX_REMEMBERED_LENGTH)
    return codingOf(String(acceptEncoding));
  // Clients send the same few header values: parsing one anew cost 2 % of a cached read (decision 056).
  let coding = codingByHeader.get(acceptEncoding);
  if (coding === undefined) {
    coding = codingOf(acceptEncoding);
    if (codingByHeader.size >= MAX_REMEMBERED_HEADERS) codingByHeader.clear();
    codingByHeader.set(acceptEncoding, coding);
  }
  return coding;
}

// At most 256 values of up to 200 characters: a client sending a new value each time costs 50 kB.
const MAX_REMEMBERED_HEADERS = 256;
const MAX_REMEMBERED_LENGTH = 200;
const codingByHeader = new Map<string, ContentCoding | null>();

function codingOf(acceptEncoding: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    // A malformed weight refuses the coding rather than guessing.
    const q = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), weight);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Made once per cached version, so a middle level: most of the size win for little time. */
function encode(coding: ContentCoding, json: Buffer): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : zlib.gzipSync(json, { level: 6 });
}

/** Adds Accept-Encoding to the reply's Vary header: the answer depends on it. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export type ReadCache = ReturnType<typeof createReadCache>;

type Loaded = { json: Buffer; headers?: Headers };

export function createReadCache(options: { maxBytes: number }) {
  // Map order is insertion order: a hit re-inserts its key, so the first key is the least recently used.
  const entries = new Map<string, Entry>();
  // The loads running now, per key, with the version they are for.
  const loading = new Map<string, { version: string; loaded: Promise<Loaded> }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let joined = 0;

  const size = (key: string, entry: Entry) =>
    2 * (key.length + entry.version.length) +
    entry.json.length +
    (entry.encoded.br?.length ?? 0) +
    (entry.encoded.gzip?.length ?? 0);

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= size(key, entry);
  };

  const get = (key: string, version: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry || entry.version !== version) {
      misses++;
      return undefined;
    }
    hits++;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const evictOverBudget = () => {
    while (bytes > options.maxBytes) remove(entries.keys().next().value as string);
  };

  const set = (key: string, version: string, json: Buffer, headers?: Headers): Entry | undefined => {
    remove(key);
    const entry: Entry = { version, json, headers, encoded: {} };
    const entrySize = size(key, entry);
    if (entrySize > options.maxBytes / 4) return undefined; // one huge answer must not empty the cache
    entries.set(key, entry);
    bytes += entrySize;
    evictOverBudget();
    return entry;
  };

  /** The entry's JSON in `coding`, compressed on first use and kept with the entry. */
  const encoded = (key: string, entry: Entry, coding: ContentCoding): Buffer => {
    const kept = entry.encoded[coding];
    if (kept) return kept;
    const bytesOf = encode(coding, entry.json);
    // Only an entry still in the cache is charged for (and keeps) its compressed copy.
    if (entries.get(key) === entry) {
      entry.encoded[coding] = bytesOf;
      bytes += bytesOf.length;
      evictOverBudget();
    }
    return bytesOf;
  };

  /** Sends the JSON, compressed as the request accepts when it is worth it. */
  const sendEntry = (reply: FastifyReply, key: string, entry: Entry): FastifyReply => {
    reply.headers(entry.headers ?? {});
    varyOnEncoding(reply);
    const coding =
      entry.json.length >= COMPRESS_MIN_BYTES ? preferredCoding(reply.request.headers['accept-encoding']) : null;
    if (coding === null) return reply.send(entry.json);
    // @fastify/compress leaves an answer alone that already has a Content-Encoding.
    return reply.header('content-encoding', coding).send(encoded(key, entry, coding));
  };

  /** `load()`, or the running load of the same key and version. */
  const loadOnce = (key: string, version: string | null, load: () => Promise<Loaded>): Promise<Loaded> => {
    if (version === null) return load();
    const running = loading.get(key);
    if (running?.version === version) {
      joined++;
      return running.loaded;
    }
    const loaded = readFresh(load).finally(() => {
      if (loading.get(key)?.loaded === loaded) loading.delete(key);
    });
    loading.set(key, { version, loaded });
    return loaded;
  };

  const sendJson = async (
    reply: FastifyReply,
    listing: { key: string; version: string | null; load: () => Promise<Loaded> },
  ): Promise<FastifyReply> => {
    const { key, version } = listing;
    reply.type('application/json; charset=utf-8');
    const cached = version === null ? undefined : get(key, version);
    if (cached) return sendEntry(reply, key, cached);
    const { json, headers } = await loadOnce(key, version, listing.load);
    // The loads that joined find the entry the first one stored (and its compressed copies).
    const current = entries.get(key);
    const stored =
      version === null
        ? undefined
        : current?.version === version && current.json === json
          ? current
          : set(key, version, json, headers);
    if (stored) return sendEntry(reply, key, stored);
    // Not kept: sent as any other answer (compressed per request by @fastify/compress).
    return reply.headers(headers ?? {}).send(json);
  };

  return {
    get,
    set,
    encoded,
    stats: () => ({ entries: entries.size, bytes, hits, misses, joined }),

    /**
     * Answers `reply` with the JSON of `load()`'s body checked against `schema` (what the route's
     * response serializer would send) and its headers, from the cache while `version` is unchanged.
     * A null version means "do not cache" (e.g. the read itself changes the data).
     */
    async send<T>(
      reply: FastifyReply,
      listing: { key: string; version: string | null; load: () => Promise<{ body: T; headers?: Headers }> },
      schema: ZodType<T>,
    ): Promise<FastifyReply> {
      return sendJson(reply, {
        key: listing.key,
        version: listing.version,
        load: async () => {
          const { body, headers } = await listing.load();
          return { json: Buffer.from(JSON.stringify(schema.parse(body))), headers };
        },
      });
    },

    /** send() for a caller that makes (and checks) the JSON itself. */
    sendJson,
  };
}
