import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dist, 'dashboard', 'organizer'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'dashboard', 'organizer', 'index.html'),
      '<!doctype html><title>dashboard</title>',
    );
    // The build prerenders /login/ into its copy (apps/web/vite.config.ts, sp:prerender).
    fs.mkdirSync(path.join(dist, 'login'));
    fs.writeFileSync(
      path.join(dist, 'login', 'index.html'),
      '<!doctype html><title>login</title><div id="root" data-prerendered="/login/"><form method="post"></form></div>',
    );
    t = await createTestApp('sqlite', { deps: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/edit-event/5',
    '/verify/anna%40verein.de',
    '/reset-password/a%40b.co.uk',
    '/dashboard/organizer/team',
  ])('answers the page %s with index.html, never cached', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>app</title>');
  });

  it('answers /metrics of a server without METRICS_TOKEN with 404, not the app (a scraper must see it is off)', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>app</title>');
  });

  it.each(['/dashboard/organizer/', '/dashboard/organizer'])(
    'answers %s with the copy of index.html the build wrote for that page',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>dashboard</title>');
    },
  );

  it.each(['/login/', '/login', '/login/?redirect=%2Fchats%2F'])(
    'answers %s with the prerendered login page',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root" data-prerendered="/login/"><form method="post">');
    },
  );

  it('serves hashed assets with a year of caching', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.app.inject({ url: '/assets/missing-000.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('keeps JSON 404s for unknown API paths even for browsers', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not found', code: 'request.not-found' });
  });
});

describe('the inline scripts of the built pages', () => {
  const early = 'window.early=1;';
  const pageOnly = 'window.dashboard=2;';
  const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><head><script>${early}</script><script type="module" src="/assets/a.js"></script></head>`,
    );
    fs.mkdirSync(path.join(dist, 'dashboard', 'organizer'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'dashboard', 'organizer', 'index.html'),
      `<!doctype html><head><script>${early}</script><SCRIPT defer>${pageOnly}</SCRIPT></head>`,
    );
    t = await createTestApp('sqlite', { deps: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('are allowed by their hashes, each once, and no other inline script is', async () => {
    const res = await t.app.inject({ url: '/dashboard/organizer/', headers: { accept: 'text/html' } });
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc?.split(' ').sort()).toEqual(["'self'", sha(early), sha(pageOnly)].sort());
  });

  it('are not allowed by a server without a web build', async () => {
    const bare = await createTestApp('sqlite');
    try {
      const csp = (await bare.app.inject({ url: '/config.json' })).headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self';");
    } finally {
      await bare.close();
    }
  });
});
