// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { ApiError, getErrorMessage } from './api-error';

type Seen = { method?: string; url?: string; authorization?: string; contentType?: string; body: string };

let server: Server;
let baseUrl: string;
let lastRequest: Seen = { body: '' };

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  lastRequest = {
    method: req.method,
    url: req.url,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    body,
  };
  switch (req.url) {
    case '/api/health':
      return send(res, 200, JSON.stringify({ status: 'ok', database: 'sqlite' }));
    case '/api/echo':
      return send(res, 201, body || '{}');
    case '/api/empty':
      res.writeHead(204).end();
      return;
    case '/api/validation':
      return send(
        res,
        400,
        JSON.stringify({
          detail: 'Titel ist zu lang',
          code: 'request.validation-failed',
          fields: { title: 'max 100' },
        }),
      );
    case '/api/crash':
      return send(res, 500, JSON.stringify({ detail: 'relation "users" does not exist', code: 'server.internal' }));
    case '/api/proxy-down':
      return send(res, 502, '<html>Bad Gateway</html>', 'text/html');
    case '/api/paged':
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': '42' });
      res.end(JSON.stringify([1, 2]));
      return;
    case '/api/file':
      return send(res, 200, '%PDF-1.4 bytes', 'application/pdf');
    case '/api/wrong-shape':
      return send(res, 200, JSON.stringify({ status: 'fine' }));
    default:
      return send(res, 404, 'not here', 'text/plain');
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ZHealth = z.object({ status: z.literal('ok'), database: z.string() });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const t = (key: string) => `t:${key}`;

describe('api client', () => {
  it('parses a JSON answer with the given schema and sends the bearer token', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve('access-1') });
    await expect(api.get('/health', { schema: ZHealth })).resolves.toEqual({ status: 'ok', database: 'sqlite' });
    expect(lastRequest.authorization).toBe('Bearer access-1');
  });

  it('sends JSON bodies and no Authorization header when signed out', async () => {
    const api = createApiClient({ baseUrl: `${baseUrl}/`, getAccessToken: () => Promise.resolve(null) });
    await expect(api.post('/echo', { title: 'Sommerfest' })).resolves.toEqual({ title: 'Sommerfest' });
    expect(lastRequest).toMatchObject({ method: 'POST', contentType: 'application/json', authorization: undefined });
  });

  it('uses "token:email" for guests and nothing for public calls', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve('access-1') });
    await api.get('/health', { auth: { guest: { token: 'tok', email: 'a@b.de' } } });
    expect(lastRequest.authorization).toBe('tok:a@b.de');
    await api.get('/health', { auth: 'none' });
    expect(lastRequest.authorization).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve(null) });
    await expect(api.delete('/empty')).resolves.toBeUndefined();
  });

  it('maps an error body to ApiError with status, code, detail and fields, and shows the code, not the detail', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve(null) });
    const error = await caught(api.put('/validation', { title: 'x' }));
    expect(error).toMatchObject({
      status: 400,
      code: 'request.validation-failed',
      detail: 'Titel ist zu lang',
      fields: { title: 'max 100' },
    });
    expect(error.message).toBe('request.validation-failed');
    expect(getErrorMessage(error, t)).toBe('t:problems.request.validation-failed');
  });

  it('never keeps the text of a 5xx answer', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve(null) });
    const error = await caught(api.get('/crash'));
    expect(error.status).toBe(500);
    expect(error.code).toBe('server.internal');
    expect(error.message).not.toContain('relation');
    expect(getErrorMessage(error, t)).toBe('t:common.error.server');

    const proxy = await caught(api.get('/proxy-down'));
    expect(proxy).toMatchObject({ status: 502, code: 'server.internal' });
  });

  it('derives the code from the status when the body is not an error object', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve(null) });
    const error = await caught(api.get('/nowhere'));
    expect(error).toMatchObject({ status: 404, code: 'request.not-found' });
  });

  it('rejects an answer that does not match the schema', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve(null) });
    const error = await caught(api.get('/wrong-shape', { schema: ZHealth }));
    expect(error.code).toBe('InvalidResponse');
    expect(getErrorMessage(error, t)).toBe('t:common.error.server');
  });

  it('reports a failed connection as NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      getAccessToken: () => Promise.resolve(null),
    });
    const error = await caught(api.get('/health'));
    expect(error).toMatchObject({ status: 0, code: 'NetworkError' });
    expect(error.isNetworkError).toBe(true);
    expect(getErrorMessage(error, t)).toBe('t:common.error.network');
  });

  it('returns the headers of an answer with getWithHeaders (X-Total-Count of paged lists)', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve('access-1') });
    const { data, headers } = await api.getWithHeaders('/paged', { schema: z.array(z.number()) });
    expect(data).toEqual([1, 2]);
    expect(headers.get('X-Total-Count')).toBe('42');
  });

  it('reads a binary answer with getBlob, sending the bearer token, and fails like any other call', async () => {
    const api = createApiClient({ baseUrl, getAccessToken: () => Promise.resolve('access-1') });
    const { data, headers } = await api.getBlob('/file');
    expect(await data.text()).toBe('%PDF-1.4 bytes');
    expect(headers.get('Content-Type')).toBe('application/pdf');
    expect(lastRequest.authorization).toBe('Bearer access-1');
    const error = await caught(api.getBlob('/nothing'));
    expect(error.status).toBe(404);
  });

  it('gives a generic text for anything that is not an ApiError', () => {
    expect(getErrorMessage(new Error('secret stack'), t)).toBe('t:common.error.unknown');
  });
});
