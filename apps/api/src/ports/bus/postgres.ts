// PostgreSQL bus: LISTEN/NOTIFY on one channel, so API processes on the same database deliver each
// other's events. A dedicated client listens (db/listen.ts: reconnecting after errors with a growing
// pause, telling onResumed when it listens again after a loss); NOTIFY goes through the ordinary
// pool. Own events are handed to local subscribers at once and skipped when
// they come back from the database. Events published while a NOTIFY statement runs go out together
// in the next one, in publishing order: under load a chat post costs one statement less (decision 032).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { loadPg } from '../../db/index.ts';
import { createListenConnection } from '../../db/listen.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { MAX_BUS_PAYLOAD_BYTES, type BusData, type BusListener, type MessageBus } from './bus-port.ts';
import { dispatch, subscribeTo } from './in-process.ts';

export type PostgresBusOptions = {
  /** Where the listening client connects (the database's own connection string). */
  connection: pg.ClientConfig;
  /** Publishes through the application's pool. */
  db: Db;
  /** One channel per deployment (or per test schema); a PostgreSQL identifier. */
  channel?: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  reconnectMs?: { min: number; max: number };
};

/** o: the publishing process; n: its running number (PostgreSQL folds identical notices of a statement). */
type Envelope = { o: string; n: number; t: string; d: BusData };
type Queued = { payload: string; resolve: () => void; reject: (error: unknown) => void };

export function createPostgresBus(options: PostgresBusOptions): MessageBus {
  const channel = options.channel ?? 'sp_bus';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid bus channel name ${channel}`);
  const origin = randomBytes(6).toString('base64url');
  const listeners = new Map<string, Set<BusListener>>();
  const onError = (error: unknown) => options.log?.error({ err: error }, 'bus listener failed');
  let sequence = 0;
  let queued: Queued[] = [];
  let flushing = false;
  const resumedListeners = new Set<() => void>();

  const flush = async () => {
    flushing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const payloads = batch.map((entry) => entry.payload);
        await sql`select pg_notify(${channel}, p) from unnest(${payloads}::text[]) as p`.execute(options.db);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  };

  const onNotification = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin) return;
    dispatch(listeners, envelope.t, envelope.d, undefined, true, onError);
  };

  // The LISTEN connection and its reconnects (db/listen.ts, shared with the read cache's notices).
  const connection = createListenConnection({
    connection: options.connection,
    channel,
    loadPg,
    name: 'bus connection',
    log: options.log,
    reconnectMs: options.reconnectMs ?? { min: 200, max: 10_000 },
    onNotification,
    // Back after a loss: what other processes published meanwhile was not heard here.
    onResumed: () => {
      for (const listener of [...resumedListeners]) {
        try {
          listener();
        } catch (error) {
          onError(error);
        }
      }
    },
  });
  const ready = connection.start();

  return {
    kind: 'postgres',
    async publish(topic, data, local) {
      dispatch(listeners, topic, data, local, false, onError);
      const payload = JSON.stringify({ o: origin, n: sequence++, t: topic, d: data } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_BUS_PAYLOAD_BYTES) throw new Error('bus payload too large');
      const sent = new Promise<void>((resolve, reject) => queued.push({ payload, resolve, reject }));
      if (!flushing) void flush();
      await sent;
    },
    subscribe: (topic, listener) => subscribeTo(listeners, topic, listener),
    ready: () => ready,
    listening: connection.listening,
    onResumed(listener) {
      resumedListeners.add(listener);
      return () => void resumedListeners.delete(listener);
    },
    async close() {
      resumedListeners.clear();
      await connection.close();
      listeners.clear();
    },
  };
}
