// The read cache: the one place where the API keeps answers in memory (decision 094). Its contract:
//
//   1. On the process that took a write, no answer older than that write is served once the write
//      is acknowledged.
//   2. On every other process, and after a write through another connection (an operator's SQL, an
//      admin command), no answer older than 1 s is served.
//   3. While the engine cannot tell what changed (PostgreSQL: the notice connection is down or has
//      not answered its ping for TRUST_MS), nothing is served from memory and nothing is kept.
//
// How: every kept answer carries the tables its read declared (`reads`, never parsed from SQL) and
// the change clock's mark taken before its load read anything (changes.ts). It is served only while
// none of those tables changed since that mark. The clock is ticked for all tables by every write
// statement of this process when it has run and again when its transaction ends (1); by table, by
// each other process's commit notice on PostgreSQL, and for all tables when SQLite's data_version
// moves (2; sqlite-changes.ts, postgres-changes.ts). A load that ran across a change is not kept. A
// read declaring no tables is not kept at all.
//
// Public face: createReadCache (JSON answers for routes, `send`/`sendJson`, and rows for the hot
// access checks, `rows`), cachedRead (a repository's read kept by the cache of its database handle),
// the engines' change feeds, and the content coding helpers.
import type { FastifyReply } from 'fastify';
import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { ZodType } from 'zod';
import { NEVER_TRUSTED, type Changes } from './changes.ts';
import { COMPRESS_MIN_BYTES, encode, preferredCoding, varyOnEncoding, type ContentCoding } from './encoding.ts';

export { preferredCoding } from './encoding.ts';
export type { Changes } from './changes.ts';
export { createSqliteChanges, DATA_VERSION_TRUSTED_MS } from './sqlite-changes.ts';
export { countingWrites, createPostgresChanges, installWriteNotices } from './postgres-changes.ts';

type Headers = Record<string, string>;
/** What a cached route answer declares: its key, the tables its load reads (null: not kept), the load. */
export type Listing<T> = { key: string; reads: readonly string[] | null; load: () => Promise<T> };
type Loaded = { json: Buffer; headers?: Headers };
type Json = Loaded & { encoded: Partial<Record<ContentCoding, Buffer>> };
type Entry = { mark: number; reads: readonly string[]; value: unknown; bytes: number };
type Running = { mark: number; reads: readonly string[]; done: Promise<unknown> };

/** Rows are counted, not measured: about 200 bytes each, the hot access checks' size. */
const ROW_BYTES = 200;

const caches = new WeakMap<object, ReadCache>();

export type ReadCache = ReturnType<typeof createReadCache>;

export function createReadCache(options: { maxBytes: number; changes?: Changes; db?: object }) {
  const changes = options.changes ?? NEVER_TRUSTED;
  // Map order is insertion order: a hit re-inserts its key, so the first key is the least recently used.
  const entries = new Map<string, Entry>();
  const running = new Map<string, Running>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let joined = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const evictOverBudget = () => {
    while (bytes > options.maxBytes) remove(entries.keys().next().value as string);
  };

  /** The kept value of `key` while none of its tables changed since its load began. */
  const kept = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (changes.changedSince(entry.reads, entry.mark)) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  /**
   * `load()`'s value for `key`, from memory when it may be served (the contract), else loaded (joining
   * a load of the same key that began after the last change of its tables) and kept if nothing it
   * read changed meanwhile. `size` says how many bytes the value costs.
   */
  const through = async <V>(
    key: string,
    reads: readonly string[] | null,
    load: () => Promise<V>,
    size: (value: V) => number,
  ): Promise<{ value: V; entry?: Entry }> => {
    if (reads === null || reads.length === 0 || !changes.trusted()) return { value: await load() };
    const entry = kept(key);
    if (entry) {
      hits++;
      return { value: entry.value as V, entry };
    }
    const ongoing = running.get(key);
    if (ongoing && !changes.changedSince(ongoing.reads, ongoing.mark)) {
      joined++;
      const value = (await ongoing.done) as V;
      return { value, entry: entries.get(key)?.value === value ? entries.get(key) : undefined };
    }
    misses++;
    const mark = changes.mark();
    const done = load();
    running.set(key, { mark, reads, done });
    try {
      const value = await done;
      if (!changes.trusted() || changes.changedSince(reads, mark)) return { value };
      const stored: Entry = { mark, reads, value, bytes: 2 * key.length + size(value) };
      remove(key);
      // One huge answer must not empty the cache.
      if (stored.bytes > options.maxBytes / 4) return { value };
      entries.set(key, stored);
      bytes += stored.bytes;
      evictOverBudget();
      return { value, entry: stored };
    } finally {
      if (running.get(key)?.done === done) running.delete(key);
    }
  };

  /** The JSON in the coding the request accepts (compressed once per kept answer), sent. */
  const sendLoaded = (reply: FastifyReply, key: string, json: Json, entry: Entry | undefined): FastifyReply => {
    reply.headers(json.headers ?? {});
    if (!entry) return reply.send(json.json); // not kept: compressed per request by @fastify/compress
    varyOnEncoding(reply);
    const coding =
      json.json.length >= COMPRESS_MIN_BYTES ? preferredCoding(reply.request.headers['accept-encoding']) : null;
    if (coding === null) return reply.send(json.json);
    let encoded = json.encoded[coding];
    if (!encoded) {
      encoded = json.encoded[coding] = encode(coding, json.json);
      // Only an answer still kept is charged for its compressed copy.
      if (entries.get(key) === entry) {
        entry.bytes += encoded.length;
        bytes += encoded.length;
        evictOverBudget();
      }
    }
    // @fastify/compress leaves an answer alone that already has a Content-Encoding.
    return reply.header('content-encoding', coding).send(encoded);
  };

  const sendJson = async (reply: FastifyReply, listing: Listing<Loaded>): Promise<FastifyReply> => {
    reply.type('application/json; charset=utf-8');
    const key = `json:${listing.key}`;
    const { value, entry } = await through<Json>(
      key,
      listing.reads,
      async () => ({ ...(await listing.load()), encoded: {} }),
      (json) => json.json.length,
    );
    return sendLoaded(reply, key, value, entry);
  };

  const cache = {
    stats: () => ({ entries: entries.size, bytes, hits, misses, joined }),

    /**
     * Answers `reply` with the JSON of `load()`'s body checked against `schema` (what the route's
     * response serializer would send) and its headers, from memory as the contract allows.
     */
    send<T>(
      reply: FastifyReply,
      listing: Listing<{ body: T; headers?: Headers }>,
      schema: ZodType<T>,
    ): Promise<FastifyReply> {
      return sendJson(reply, {
        key: listing.key,
        reads: listing.reads,
        load: async () => {
          const { body, headers } = await listing.load();
          return { json: Buffer.from(JSON.stringify(schema.parse(body))), headers };
        },
      });
    },

    /** send() for a caller that makes (and checks) the JSON itself. */
    sendJson,

    /** Rows of a read (frozen: callers share them), kept as the contract allows. */
    async rows<Row>(key: string, reads: readonly string[], load: () => Promise<Row[]>): Promise<readonly Row[]> {
      const { value } = await through(
        `rows:${key}`,
        reads,
        async () => {
          const rows = await load();
          for (const row of rows) Object.freeze(row);
          return Object.freeze(rows);
        },
        (rows) => ROW_BYTES * (rows.length + 1),
      );
      return value;
    },
  };
  if (options.db) caches.set(options.db, cache);
  return cache;
}

type Executor = { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> };

/**
 * A repository's read by arguments, kept by the read cache of `db`'s handle (none: read each time)
 * under the tables it declares. `build` must bind each argument as a parameter, in order, so that
 * its compiled SQL can be run again with other values (compiling a Kysely query cost about as much
 * as running it on SQLite, decision 013); one that does not is compiled on every call.
 */
export function cachedRead<Args extends readonly unknown[], Row>(
  db: Executor,
  reads: readonly string[],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<readonly Row[]> {
  // undefined: not compiled yet; null: this query cannot be reused.
  let compiledOnce: CompiledQuery<Row> | null | undefined;
  const compile = (args: Args): CompiledQuery<Row> => {
    if (compiledOnce) return { ...compiledOnce, parameters: args };
    const compiled = build(...args).compile();
    if (compiledOnce === undefined)
      compiledOnce =
        compiled.parameters.length === args.length && compiled.parameters.every((v, i) => Object.is(v, args[i]))
          ? compiled
          : null;
    return compiled;
  };
  return (...args) => {
    const query = compile(args);
    const load = async () => (await db.executeQuery<Row>(query)).rows;
    const cache = caches.get(db);
    return cache ? cache.rows(`${query.sql}\u0000${JSON.stringify(args)}`, reads, load) : load();
  };
}
