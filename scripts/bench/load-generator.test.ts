// The benchmark's own instruments (decision 046): the load generator keeps no answer bodies, and
// heavy work runs in a child process whose result and errors come back.
import http from 'node:http';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannon } from './load.mjs';
import { leanAutocannon } from './lean-autocannon.mjs';
import { runInChild } from './in-child.mjs';

describe('the load generator', () => {
  const body = Buffer.from(JSON.stringify({ padding: 'ä'.repeat(33_000) }));
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts whole answers without keeping their bodies as strings', async () => {
    const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
    const queue = new Queue();
    queue.insertRequest({});
    queue.addByteCount(3);
    queue.addBody(Buffer.from('abc'));
    expect(queue.peek()).toMatchObject({ bytes: 3, body: '' });

    const result = await cannon({ url, connections: 4, duration: 1 });
    expect(result.errors).toBe(0);
    expect(result.total).toBeGreaterThan(0);
    expect(result.generator.loopDelayP99Ms).toBeGreaterThanOrEqual(0);
  });

  it('reads every answer to its end through the one read buffer per connection', async () => {
    // Answers in many small writes and one of a different length: the parser must see each byte
    // once, in order, though the buffer it reads from is reused.
    const sizes = [5, 70_000, 3];
    let answered = 0;
    const chunked = http.createServer((_req, res) => {
      const size = sizes[answered++ % sizes.length]!;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': size });
      for (let sent = 0; sent < size; sent += 4096) res.write('x'.repeat(Math.min(4096, size - sent)));
      res.end();
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    try {
      const port = (chunked.address() as { port: number }).port;
      const Client = createRequire(import.meta.url)('autocannon/lib/httpClient.js');
      expect(Client.prototype._connect.name).toBe('connectReadingIntoOneBuffer');
      const result = await cannon({ url: `http://127.0.0.1:${port}`, connections: 1, duration: 2 });
      expect(result.errors).toBe(0);
      expect(result.total).toBeGreaterThanOrEqual(3);
      // Every request got its answer: the parser neither lost nor ran ahead of a response.
      expect(result.total).toBeGreaterThanOrEqual(answered - 1);
      expect(result.total).toBeLessThanOrEqual(answered);
    } finally {
      await new Promise<void>((resolve) => chunked.close(() => resolve()));
    }
  });

  it("can be turned back to autocannon's own client", async () => {
    leanAutocannon(false);
    try {
      const Queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
      const queue = new Queue();
      queue.insertRequest({});
      queue.addBody(Buffer.from('abc'));
      expect(queue.peek().body).toBe('abc');
      const result = await cannon({ url, connections: 2, duration: 1 });
      expect(result.errors).toBe(0);
      expect(result.total).toBeGreaterThan(0);
    } finally {
      leanAutocannon(true);
    }
  });
});

describe('runInChild', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'in-child-test-'));
  const module = path.join(dir, 'work.mjs');
  fs.writeFileSync(
    module,
    `export async function work(input) { return { doubled: input.n * 2, pid: process.pid }; }
     export async function fail() { throw new Error('the work failed'); }`,
  );
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs the function in another process and returns its result', async () => {
    const result = await runInChild(module, 'work', { n: 21 });
    expect(result.doubled).toBe(42);
    expect(result.pid).not.toBe(process.pid);
  });

  it("throws the function's error, and says when the function is missing", async () => {
    await expect(runInChild(module, 'fail', {})).rejects.toThrow('the work failed');
    await expect(runInChild(module, 'missing', {})).rejects.toThrow(/has no function missing/);
  });
});
