// One PostgreSQL connection that LISTENs on a channel, for the bus (ports/bus/postgres.ts) and the
// read cache's write notices (read-cache/postgres-changes.ts). It connects, LISTENs, and after an
// error or an end reconnects with a growing pause; it hands on the notifications of the connection
// that is listening now, and reports the gap: `onLost` when a listening connection is gone, and
// `onResumed` when one listens again after a loss (whatever was notified in between never arrived).
//
// Optionally it notifies itself every `heartbeat.everyMs` on its own channel. PostgreSQL delivers a
// session's notifications in commit order, so once a ping sent at time s is back, every notification
// committed before s has arrived: `heardWithin(ms)` says whether such a ping was sent less than `ms`
// ago. A ping that does not come back in `queryTimeoutMs` ends the connection (one the network lost
// without a word is noticed, not only one the server ended).
import crypto from 'node:crypto';
import type pg from 'pg';

const PING_PREFIX = 'ping:';

type ListenOptions = {
  /** Where the listening client connects (the database's own connection string). */
  connection: pg.ClientConfig;
  /** A PostgreSQL identifier. */
  channel: string;
  loadPg: () => typeof pg;
  /** Names the connection in logs ("bus connection lost"). */
  name: string;
  log?: { warn(obj: object, msg: string): void };
  reconnectMs?: { min: number; max: number };
  /** Pings itself (see the top); off by default. */
  heartbeat?: { everyMs: number };
  /** Run on a new connection before its LISTEN (e.g. to read its schema); a failure is a failed connect. */
  prepare?: (client: pg.Client) => Promise<void>;
  /** A notification of the listening connection (its own pings are not handed on). */
  onNotification: (payload: string) => void;
  /** The listening connection was lost: from now on notifications are missed until onResumed. */
  onLost?: () => void;
  /** Listening again after a loss. */
  onResumed?: () => void;
};

export function createListenConnection(options: ListenOptions) {
  const { min, max } = options.reconnectMs ?? { min: 200, max: 5_000 };
  const token = crypto.randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let everListened = false;
  let delay = min;
  let retry: NodeJS.Timeout | undefined;
  let pinger: NodeJS.Timeout | undefined;
  let pingSeq = 0;
  let pingOut = false;
  const pingsSent = new Map<number, number>();
  /** When the newest ping that came back was sent (-Infinity: none on this connection). */
  let heardUpTo = -Infinity;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(max, delay * 2);
  };

  const endQuietly = async (next: pg.Client) => {
    next.removeAllListeners();
    next.on('error', () => undefined);
    await next.end().catch(() => undefined);
  };

  const drop = (next: pg.Client, error: unknown) => {
    const wasListening = client === next;
    if (wasListening) {
      client = null;
      heardUpTo = -Infinity;
      pingsSent.clear();
      pingOut = false;
    }
    void endQuietly(next);
    if (closed) return;
    options.log?.warn({ err: error }, `${options.name} lost, reconnecting`);
    if (wasListening) options.onLost?.();
    scheduleReconnect();
  };

  const ping = () => {
    const current = client;
    if (!current || pingOut) return;
    const seq = ++pingSeq;
    pingsSent.set(seq, performance.now());
    pingOut = true;
    current.query('select pg_notify($1, $2)', [options.channel, `${PING_PREFIX}${token}:${seq}`]).then(
      () => void (pingOut = false),
      (error: unknown) => drop(current, error),
    );
  };

  const heard = (payload: string) => {
    const [, from, seq] = payload.split(':');
    if (from !== token) return;
    const sentAt = pingsSent.get(Number(seq));
    if (sentAt === undefined) return;
    for (const sent of pingsSent.keys()) if (sent <= Number(seq)) pingsSent.delete(sent);
    heardUpTo = Math.max(heardUpTo, sentAt);
  };

  const connect = async (): Promise<void> => {
    const next = new (options.loadPg().Client)(options.connection);
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next, new Error('connection ended')));
    next.on('notification', (notice) => {
      const payload = notice.payload;
      if (notice.channel !== options.channel || !payload || client !== next) return;
      if (payload.startsWith(PING_PREFIX)) heard(payload);
      else options.onNotification(payload);
    });
    try {
      await next.connect();
      await options.prepare?.(next);
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      drop(next, error);
      return;
    }
    if (closed) {
      await endQuietly(next);
      return;
    }
    client = next;
    delay = min;
    if (options.heartbeat) ping();
    if (everListened) {
      options.log?.warn({}, `${options.name} back; what was notified meanwhile was missed`);
      options.onResumed?.();
    }
    everListened = true;
  };

  return {
    /** Connects (once; later calls return the same promise), resolving when the first attempt ended. */
    start() {
      if (!started) {
        started = connect();
        if (options.heartbeat) {
          pinger = setInterval(ping, options.heartbeat.everyMs);
          pinger.unref();
        }
      }
      return started;
    },
    listening: () => client !== null,
    /** Whether a ping sent less than `ms` ago came back on the connection listening now (needs `heartbeat`). */
    heardWithin: (ms: number) => client !== null && performance.now() - heardUpTo < ms,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (pinger) clearInterval(pinger);
      await started;
      const current = client;
      client = null;
      if (current) await endQuietly(current);
    },
  };
}
