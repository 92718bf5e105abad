// Serialized answers of the hot list reads (the event list, the conversation list, a conversation's
// messages), kept in memory with the version of the data they were made from (decision 011). A
// caller looks the version up in the database on every request, after the access check, and gets
// the stored JSON only while it is still that version: nothing is trusted from memory alone, so the
// cache is right with any number of server processes and needs no invalidation messages.
//
// Versions must never repeat for a key (revision counters only move forward), and the version must
// be read before the data it labels: an answer built from newer data under an older version is
// only a miss later, never a stale hit.
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

type Headers = Record<string, string>;
// The JSON is kept encoded: turning a 70 kB string into UTF-8 bytes on every send was a quarter of
// the time of a cached conversation read.
type Entry = { version: string; json: Buffer; headers: Headers | undefined };

export type ReadCache = ReturnType<typeof createReadCache>;

export function createReadCache(options: { maxBytes: number }) {
  // Map order is insertion order: a hit re-inserts its key, so the first key is the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const size = (key: string, entry: Entry) => 2 * (key.length + entry.version.length) + entry.json.length;

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

  const set = (key: string, version: string, json: Buffer, headers?: Headers) => {
    remove(key);
    const entry = { version, json, headers };
    const entrySize = size(key, entry);
    if (entrySize > options.maxBytes / 4) return; // one huge answer must not empty the cache
    entries.set(key, entry);
    bytes += entrySize;
    while (bytes > options.maxBytes) remove(entries.keys().next().value as string);
  };

  return {
    get,
    set,
    stats: () => ({ entries: entries.size, bytes, hits, misses }),

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
      const { key, version } = listing;
      reply.type('application/json; charset=utf-8');
      const cached = version === null ? undefined : get(key, version);
      if (cached) return reply.headers(cached.headers ?? {}).send(cached.json);
      const { body, headers } = await listing.load();
      const json = Buffer.from(JSON.stringify(schema.parse(body)));
      if (version !== null) set(key, version, json, headers);
      return reply.headers(headers ?? {}).send(json);
    },
  };
}
