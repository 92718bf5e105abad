// Uploads and response headers (issue 10, parts 5 and 6). Most upload rules are proven in
// src/modules/files/files.test.ts (expired and reused links, a signature for one key cannot write
// another, non-PDF bytes with a PDF name, oversize by declared length and while streaming with no
// leftovers, another organisation's keys); the matrix covers downloads by every caller. Added here:
// racing uses of one upload link, and the production server's security headers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, type TestApp } from '../helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../src/identity/test-support.ts';
import { onboardedUser, pdfBytes, validEvent } from '../../src/modules/events/test-support.ts';

describe.each(ENGINES)('upload links on %s', (engine) => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('lets exactly one of several racing PUTs to the same link through', async () => {
    const organiser = await onboardedUser(t, 'veranstalter');
    const bearer = { authorization: `Bearer ${organiser.token}` };
    const event = (
      await t.app.inject({ method: 'POST', url: '/api/event/-1', headers: bearer, payload: validEvent() })
    ).json<{ id: number }>();
    const upload = (
      await t.app.inject({
        url: `/api/file/upload/${organiser.organisationId}/${event.id}/Vertrag/pdf`,
        headers: bearer,
      })
    ).json<{ url: string; key: string }>();
    const bodies = Array.from({ length: 6 }, (_, i) => pdfBytes(`racer ${i}`));
    const answers = await Promise.all(
      bodies.map((payload) =>
        t.app.inject({ method: 'PUT', url: upload.url, headers: { 'content-type': 'application/pdf' }, payload }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.every((s) => s === 204 || s === 409)).toBe(true);
    const winner = bodies[statuses.indexOf(204)]!;
    const stored = fs.readFileSync(path.join(t.config.dataDir, 'files', ...upload.key.split('/')));
    expect(stored).toEqual(winner);
  });
});

describe('security headers of the production server', () => {
  let dist: string;
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    [direct, proxied] = await Promise.all([
      createTestApp('sqlite', { env: { NODE_ENV: 'production' }, deps: { webDistDir: dist } }),
      createTestApp('sqlite', { env: { NODE_ENV: 'production', TRUST_PROXY: 'true' }, deps: { webDistDir: dist } }),
    ]);
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const requests = [
    { name: 'the page', url: '/', headers: { accept: 'text/html' } },
    { name: 'the runtime configuration', url: '/config.json', headers: {} },
    { name: 'the public sponsor wall', url: '/sponsors/7', headers: { accept: 'text/html' } },
    { name: 'a path that only starts like the embed', url: '/sponsors/7/embed/x', headers: { accept: 'text/html' } },
  ];

  it.each(requests)(
    'sends a strict CSP, nosniff, a referrer policy and frame protection on $name',
    async ({ url, headers }) => {
      const res = await direct.app.inject({ url, headers });
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(csp).not.toMatch(/unsafe-(inline|eval)|\*/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it.each([
    { name: 'an API answer', url: '/api/health' },
    { name: 'an API error', url: '/api/events/1' },
    { name: 'an unknown API path', url: '/api/nothing-here' },
    { name: 'a file refused', url: '/api/download?key=x' },
  ])(
    'sends an API answer ($name) the short set: nothing loads, no framing, no sniffing, no cross-origin reads',
    async ({ url }) => {
      const res = await direct.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // None of the page's other headers: they cost every read and protect nothing a page would.
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sends HSTS only when the request arrived over HTTPS (through a trusted proxy)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const behindProxy = await proxied.app.inject({ url: '/api/health', headers: https });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await proxied.app.inject({ url: '/', headers: { ...https, accept: 'text/html' } })).headers[
        'strict-transport-security'
      ],
    ).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY anyone could claim HTTPS: the header is not believed.
    expect(
      (await direct.app.inject({ url: '/api/health', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect((await proxied.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('lets other sites frame the embeddable sponsor wall, and only it (decision 020)', async () => {
    for (const url of ['/sponsors/7/embed', '/sponsors/7/embed?lang=en']) {
      const res = await direct.app.inject({ url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps the headers on identity answers and downloads refused', async () => {
    const identity = await direct.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      payload: '{}',
    });
    expect(identity.headers['x-content-type-options']).toBe('nosniff');
    expect(identity.headers['cache-control']).toBe('no-store');
    expect(String(identity.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const download = await direct.app.inject({ url: '/api/download?key=x' });
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });
});
