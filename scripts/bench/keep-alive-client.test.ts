// The mixed load's own client (decision 048): it must read every answer to its end, whatever the
// server's framing and however the bytes are split, keep the text only when asked, and never settle
// one request with another connection's bytes or events.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveConnection } from './keep-alive-client.mjs';
import { mixedLoad } from './load.mjs';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const servers: Array<http.Server | net.Server> = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      (server as http.Server).closeAllConnections?.();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function listen<T extends http.Server | net.Server>(server: T): Promise<{ host: string; port: number }> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { host: '127.0.0.1', port: (server.address() as net.AddressInfo).port };
}

function httpServer(handler: Handler) {
  return listen(
    http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => handler(req, res, body));
    }),
  );
}

/** Writes `text` in pieces of `size` bytes, cutting through multi-byte characters. */
function writeInPieces(res: http.ServerResponse, text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) res.write(bytes.subarray(at, at + size));
  res.end();
}

describe('the keep-alive client', () => {
  it('reads answers with a length, in small pieces and large, and keeps the text only when asked', async () => {
    const texts = ['{"a":1}', 'ä'.repeat(50_000), 'ok', '€'.repeat(3)];
    let answered = 0;
    const target = await httpServer((_req, res) => {
      const text = texts[answered++ % texts.length]!;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
      writeInPieces(res, text, 4093);
    });
    const connection = new KeepAliveConnection(target);
    try {
      for (let round = 0; round < 2; round++) {
        for (const text of texts) {
          const kept = round === 0;
          const answer = await connection.request({ path: '/', keepBody: kept });
          expect(answer.status).toBe(200);
          expect(answer.body).toBe(kept ? text : undefined);
        }
      }
      const expectedBytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) * 2;
      expect(connection.bytesRead).toBeGreaterThan(expectedBytes);
    } finally {
      connection.close();
    }
  });

  it('reads chunked answers to their end', async () => {
    const text = `${'ü'.repeat(10_000)}-end`;
    const target = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }); // no length: node:http sends chunks
      writeInPieces(res, text, 777);
    });
    const connection = new KeepAliveConnection(target);
    try {
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe(text);
      expect((await connection.request({ path: '/' })).body).toBeUndefined();
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe(text);
    } finally {
      connection.close();
    }
  });

  it('reads chunks with extensions and trailers, split anywhere', async () => {
    const answer =
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n' +
      '4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nx-trailer: 1\r\n\r\n';
    const target = await listen(
      net.createServer((socket) => {
        socket.on('data', async () => {
          const bytes = Buffer.from(answer);
          for (let at = 0; at < bytes.length; at += 3) {
            socket.write(bytes.subarray(at, at + 3));
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        });
      }),
    );
    const connection = new KeepAliveConnection(target);
    try {
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe('Wikipedia in\r\n\r\nchunks.');
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe('Wikipedia in\r\n\r\nchunks.');
    } finally {
      connection.close();
    }
  });

  it('reads a head that arrives one byte at a time, not fooled by an earlier answer in the read buffer', async () => {
    // The first answer leaves "\r\n\r\n" all over the connection's reused read buffer; the heads
    // after it arrive a byte per read, so the buffer's rest still holds the old bytes.
    const stale = '\r\n\r\n'.repeat(5000);
    const first = `HTTP/1.1 200 OK\r\ncontent-length: ${stale.length}\r\n\r\n${stale}`;
    const next = 'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 8\r\n\r\n{"id":7}';
    const target = await listen(
      net.createServer((socket) => {
        let answered = 0;
        socket.on('data', async () => {
          if (answered++ === 0) return void socket.write(first);
          for (const byte of Buffer.from(next)) {
            socket.write(Buffer.from([byte]));
            await new Promise((resolve) => setImmediate(resolve));
          }
        });
      }),
    );
    const connection = new KeepAliveConnection(target);
    try {
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe(stale);
      expect(await connection.request({ path: '/', keepBody: true })).toEqual({ status: 201, body: '{"id":7}' });
      expect(await connection.request({ path: '/', keepBody: true })).toEqual({ status: 201, body: '{"id":7}' });
    } finally {
      connection.close();
    }
  });

  it("sends the request's body and headers, and keeps the text of an answer that is not 2xx", async () => {
    const target = await httpServer((req, res, body) => {
      res.writeHead(req.headers.authorization === 'Bearer t' ? 422 : 401, { 'content-type': 'text/plain' });
      res.end(`${req.method} ${req.url} ${body}`);
    });
    const connection = new KeepAliveConnection(target);
    try {
      const answer = await connection.request({
        method: 'POST',
        path: '/api/x?y=1',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"message":"Grüße"}',
      });
      expect(answer).toEqual({ status: 422, body: 'POST /api/x?y=1 {"message":"Grüße"}' });
    } finally {
      connection.close();
    }
  });

  it('opens a new connection after "connection: close", a timeout, or a connection the server drops', async () => {
    let request = 0;
    const target = await httpServer((_req, res) => {
      request++;
      if (request === 1) {
        res.writeHead(200, { connection: 'close', 'content-length': 5 });
        res.end('first');
      } else if (request === 2) {
        // never answered: the client's timeout
      } else if (request === 3) {
        res.writeHead(200, { 'content-length': 100 });
        res.write('only part of it');
        setTimeout(() => res.socket?.destroy(), 20);
      } else {
        res.writeHead(200, { 'content-length': 4 });
        res.end('last');
      }
    });
    const connection = new KeepAliveConnection(target);
    try {
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe('first');
      await expect(connection.request({ path: '/', timeoutMs: 200 })).rejects.toThrow('GET timed out after 0.2 s');
      await expect(connection.request({ path: '/' })).rejects.toThrow('the server closed the connection');
      expect((await connection.request({ path: '/', keepBody: true })).body).toBe('last');
      await expect(Promise.all([connection.request({ path: '/' }), connection.request({ path: '/' })])).rejects.toThrow(
        'one request at a time per connection',
      );
    } finally {
      connection.close();
    }
  });
});

describe('the mixed load on the keep-alive client', () => {
  it('runs the mix of reads and writes and counts an acknowledged message the server did not keep', async () => {
    const stored = new Map<string, Array<{ id: number }>>();
    let nextId = 1;
    let dropped = 0;
    const target = await httpServer((req, res, body) => {
      const url = new URL(req.url!, 'http://x');
      const send = (status: number, value: unknown) => {
        const text = JSON.stringify(value);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (req.headers.authorization !== 'Bearer token-1') return send(401, { error: 'who are you' });
      const post = url.pathname.match(/^\/api\/conversation\/(\w+)\/message$/);
      if (req.method === 'POST' && post) {
        if (JSON.parse(body).type !== 'text') return send(400, { error: 'not a text message' });
        const id = nextId++;
        // Every tenth message is acknowledged and not stored: a lost write.
        if (id % 10 === 0) dropped++;
        else stored.set(post[1]!, [...(stored.get(post[1]!) ?? []), { id }]);
        return send(201, { id });
      }
      const history = url.pathname.match(/^\/api\/conversation\/(\w+)$/);
      if (history) {
        const all = stored.get(history[1]!) ?? [];
        const before = Number(url.searchParams.get('before') ?? Infinity);
        const limit = Number(url.searchParams.get('limit') ?? 50);
        return send(200, all.filter((m) => m.id < before).slice(-limit));
      }
      return send(200, { padding: 'x'.repeat(2000) });
    });
    const result = await mixedLoad({
      baseUrl: `http://${target.host}:${target.port}`,
      accounts: [{ accessToken: 'token-1' }],
      organisationId: 'org',
      conversationIds: ['c1', 'c2'],
      users: 8,
      seconds: 1,
    });
    expect(result.errorKinds).toEqual({});
    expect(result.errors).toBe(0);
    expect(result.writes).toBeGreaterThan(20);
    expect(result.reads).toBeGreaterThanOrEqual(result.writes * 2);
    expect(dropped).toBeGreaterThan(0);
    expect(result.lostWrites).toBe(dropped);
    expect(result.p99).toBeGreaterThan(0);
  });
});
