// Load generators of the benchmark, all against 127.0.0.1 and bounded in time: the node:http
// baseline, autocannon runs, the live-delivery run with many SSE clients (the raw durable insert rate
// is in raw-insert-rate.mjs), and the mixed run of concurrent users (issue 10, point 7).
import http from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { KeepAliveConnection } from './keep-alive-client.mjs';
import { leanAutocannon } from './lean-autocannon.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare node:http server answering a 200-byte JSON document: the ceiling of this machine. */
/** What Chromium sends with every fetch of the web app. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export async function startBaseline() {
  const body = JSON.stringify({ ok: true, padding: 'x'.repeat(200 - 27) });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    bodyBytes: Buffer.byteLength(body),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// autocannon without the work of its own this benchmark does not need (decision 046).
leanAutocannon();

/** One autocannon run; req/s is the mean of the per-second samples, latencies in ms. */
export async function cannon({ url, connections = 50, duration, method = 'GET', headers = {}, body, requests }) {
  const gc = { ms: 0, maxMs: 0, major: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const result = await autocannon({
    url,
    connections,
    duration,
    method,
    headers,
    body,
    requests,
    timeout: 10,
  });
  loop.disable();
  observer.disconnect();
  const non2xx = result.non2xx ?? 0;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
  );
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts + non2xx,
    non2xx,
    statusCodes,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    duration: result.duration,
    generator: {
      gcMs: gc.ms,
      gcMaxMs: gc.maxMs,
      majorGcs: gc.major,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
      heapMb: process.memoryUsage().heapUsed / 1e6,
    },
  };
}

/** Counts errors by kind ("status 503: {body}", "timeout", ...) so the table can say what failed. */
function errorCounter() {
  const kinds = {};
  return {
    kinds,
    add(error) {
      const kind = String(error?.message ?? error).slice(0, 160);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    },
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** An SSE client on node:http that records when each `message` event id arrives. */
function openStream(baseUrl, token, onMessage) {
  const url = new URL('/api/stream', baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET /api/stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let id = null;
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('id:')) id = line.slice(3).trim();
            }
            if (event === 'message' && id !== null) onMessage(Number(id), performance.now());
          }
        });
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.setTimeout(0);
  });
}

/**
 * Live delivery: `clients` SSE connections of the organisation's members (each sees every message
 * of the organisation's conversations), `rate` messages per second posted for `seconds`.
 * Delivery time is from the POST's answer (accepted, stored) to the event's arrival; an event that
 * arrives before the POST's answer counts as 0.
 */
export async function liveDelivery({ baseUrl, users, conversationIds, clients, rate, seconds }) {
  const received = new Map(); // message id -> arrival times
  const duplicates = { count: 0 };
  const streams = [];
  const seenByClient = [];
  for (let i = 0; i < clients; i++) {
    const seen = new Set();
    seenByClient.push(seen);
    streams.push(
      openStream(baseUrl, users[i % users.length].accessToken, (id, at) => {
        if (seen.has(id)) duplicates.count++;
        else seen.add(id);
        let times = received.get(id);
        if (!times) received.set(id, (times = []));
        times.push(at);
      }),
    );
    if (i % 50 === 49) await sleep(20);
  }
  const opened = await Promise.allSettled(streams);
  const connected = opened.filter((o) => o.status === 'fulfilled').map((o) => o.value);
  const connectErrors = opened.length - connected.length;
  await sleep(500);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const accepted = new Map(); // message id -> accepted at
  let postErrors = 0;
  const postErrorKinds = errorCounter();
  let sent = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight = [];
  while (sent < total) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const i = sent++;
    const user = users[i % users.length];
    const conversationId = conversationIds[i % conversationIds.length];
    inFlight.push(
      postMessage(agent, baseUrl, user.accessToken, conversationId, `live ${i}`).then(
        (id) => accepted.set(id, performance.now()),
        (error) => {
          postErrors++;
          postErrorKinds.add(error);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const postSeconds = (performance.now() - started) / 1000;
  // Let the last events arrive.
  const settleUntil = performance.now() + 5000;
  while (performance.now() < settleUntil) {
    const missing = [...accepted.keys()].some((id) => (received.get(id)?.length ?? 0) < connected.length);
    if (!missing) break;
    await sleep(100);
  }
  connected.forEach((s) => s.close());
  agent.destroy();

  const delays = [];
  let lost = 0;
  for (const [id, at] of accepted) {
    const times = received.get(id) ?? [];
    for (const t of times) delays.push(Math.max(0, t - at));
    const clientsWith = seenByClient.filter((seen) => seen.has(id)).length;
    lost += connected.length - clientsWith;
  }
  delays.sort((a, b) => a - b);
  return {
    clients: connected.length,
    connectErrors,
    sent: total,
    accepted: accepted.size,
    postErrors,
    postErrorKinds: postErrorKinds.kinds,
    achievedRate: accepted.size / postSeconds,
    deliveries: delays.length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays.length ? delays[delays.length - 1] : NaN,
    lost,
    duplicated: duplicates.count,
  };
}

function postMessage(agent, baseUrl, token, conversationId, text) {
  const url = new URL(`/api/conversation/${conversationId}/message`, baseUrl);
  const payload = JSON.stringify({ message: text, type: 'text' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200 && res.statusCode !== 201) {
            return reject(new Error(`POST status ${res.statusCode}: ${data.slice(0, 120)}`));
          }
          try {
            resolve(JSON.parse(data).id);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('POST timed out after 10 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET on one of the mixed load's connections; the answer's text only when `keepBody` asks. */
async function getOn(connection, token, path, { timeoutMs = 10_000, keepBody = false } = {}) {
  const { status, body } = await connection.request({
    path,
    headers: { authorization: `Bearer ${token}` },
    keepBody,
    timeoutMs,
  });
  if (status !== 200) throw new Error(`GET status ${status}: ${body.slice(0, 120)}`);
  return body;
}

/** A chat message posted on one of the mixed load's connections; resolves with the stored id. */
async function postOn(connection, token, conversationId, text) {
  const { status, body } = await connection.request({
    method: 'POST',
    path: `/api/conversation/${conversationId}/message`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ message: text, type: 'text' }),
    keepBody: true,
  });
  if (status !== 200 && status !== 201) throw new Error(`POST status ${status}: ${body.slice(0, 120)}`);
  return JSON.parse(body).id;
}

/**
 * Issue 10, point 7: `users` concurrent virtual users for `seconds`, each in a loop of reads (event
 * list, conversation list, a conversation) and chat writes (one in four). Afterwards every
 * acknowledged message is looked up: one missing is a lost write.
 *
 * Without `rate` a closed loop: each user sends its next request as soon as the last is answered,
 * so the rate is the server's ceiling and the mean latency is users / rate (Little's law); there,
 * latency and throughput are one figure. With `rate` (requests per second offered in all, decision
 * 035) each user keeps a schedule, one request every users / rate seconds, as people with a pause
 * between clicks do; a request is timed from when it was due, not from when it was sent, so a
 * server that falls behind is charged for the wait (no coordinated omission).
 */
export async function mixedLoad({ baseUrl, accounts, organisationId, conversationIds, users, seconds, rate }) {
  const { hostname: host, port } = new URL(baseUrl);
  // One keep-alive connection per user, on the lean client (decision 048).
  const connections = Array.from({ length: users }, () => new KeepAliveConnection({ host, port: Number(port) }));
  const latencies = [];
  // The same latencies by kind of request (where a p99 comes from).
  const byKind = { events: [], list: [], conversation: [], post: [] };
  const acknowledged = new Map(); // conversation id -> Set of message ids
  let reads = 0;
  let writes = 0;
  let errors = 0;
  const errorKinds = errorCounter();
  let counter = 0;
  // Each user opens its connection before the clock starts (one unmeasured GET /api/health): a storm
  // of 200 new connections at once against a busy single-threaded server leaves some in the
  // kernel's accept queue for seconds on this 2-core VM. A bare node:http server shows the same
  // under the same client (decision 011), so that measured the machine, not the product.
  await Promise.all(
    connections.map((connection) => getOn(connection, accounts[0].accessToken, '/api/health', { timeoutMs: 60_000 })),
  );
  const start = performance.now();
  const until = start + seconds * 1000;
  const interval = rate ? (users / rate) * 1000 : 0;
  await Promise.all(
    connections.map(async (connection, u) => {
      const account = accounts[u % accounts.length];
      // The users' schedules are spread evenly over one interval.
      let due = start + (rate ? (u * 1000) / rate : 0);
      while (rate ? due < until : performance.now() < until) {
        if (rate) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const step = counter++;
        const conversationId = conversationIds[step % conversationIds.length];
        const began = rate ? due : performance.now();
        due += interval;
        try {
          if (step % 4 === 3) {
            const id = await postOn(connection, account.accessToken, conversationId, `mixed ${u}-${step}`);
            if (!acknowledged.has(conversationId)) acknowledged.set(conversationId, new Set());
            acknowledged.get(conversationId).add(id);
            writes++;
          } else {
            const pathname =
              step % 4 === 0
                ? `/api/events/${organisationId}`
                : step % 4 === 1
                  ? '/api/conversation'
                  : `/api/conversation/${conversationId}`;
            await getOn(connection, account.accessToken, pathname);
            reads++;
          }
          const took = performance.now() - began;
          latencies.push(took);
          byKind[['events', 'list', 'conversation', 'post'][step % 4]].push(took);
        } catch (error) {
          errors++;
          errorKinds.add(error);
        }
      }
    }),
  );
  let lostWrites = 0;
  const reader = accounts[0];
  for (const [conversationId, ids] of acknowledged) {
    try {
      const stored = new Set();
      // The whole history, a page of 200 at a time from the newest back (the API answers pages).
      for (let before = ''; ;) {
        const page = JSON.parse(
          await getOn(connections[0], reader.accessToken, `/api/conversation/${conversationId}?limit=200${before}`, {
            keepBody: true,
          }),
        );
        for (const message of page) stored.add(message.id);
        if (page.length < 200) break;
        before = `&before=${page[0].id}`;
      }
      for (const id of ids) if (!stored.has(id)) lostWrites++;
    } catch {
      lostWrites += ids.size;
    }
  }
  for (const connection of connections) connection.close();
  latencies.sort((a, b) => a - b);
  return {
    users,
    seconds,
    offered: rate ?? null,
    reads,
    writes,
    errors,
    errorKinds: errorKinds.kinds,
    lostWrites,
    reqPerSec: (reads + writes) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    byKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, list]) => {
        list.sort((a, b) => a - b);
        return [kind, { p50: percentile(list, 50), p99: percentile(list, 99) }];
      }),
    ),
  };
}
