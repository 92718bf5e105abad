import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, type TestApp } from '../../../test/helpers.ts';

describe.each(ENGINES)('health and error shape on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('reports the database it checked', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: engine });
  });

  it('is ready with the database answering, every migration run and the bus listening; 503 without a migration', async () => {
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, listener: true, accepting: true },
    });
    // A fresh app that finds one of this version's migrations not run (an older database).
    const other = await createTestApp(engine);
    try {
      const latest = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(
        other.database.db,
      );
      const name = latest.rows[0]!.name;
      await sql`delete from kysely_migration where name = ${name}`.execute(other.database.db);
      const behind = await other.app.inject({ url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ status: 'not-ready', checks: { database: true, migrations: false } });
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        other.database.db,
      );
      expect((await other.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, detail: 'Not found', code: 'request.not-found' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const page = await t.app.inject({ url: '/config.json' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the runtime configuration for the web app', async () => {
    const res = await t.app.inject({ url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      apiBase: '/api',
      identityEndpoint: '/identity/',
      userPoolId: 'local_SponsoringPlatform',
      defaultLanguage: 'de',
    });
    expect(res.json().legal.operatorName).toBeNull();
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/invite/{code}']));
  });
});

describe('content security policy with uploads straight to S3', () => {
  it('allows the bucket origin for connections, and nothing else extra', async () => {
    const t = await createTestApp('sqlite', {
      env: { S3_BUCKET: 'sponsoring-files', S3_REGION: 'eu-central-1' },
    });
    try {
      const csp = (await t.app.inject({ url: '/config.json' })).headers['content-security-policy'] as string;
      expect(csp).toContain("connect-src 'self' https://sponsoring-files.s3.eu-central-1.amazonaws.com;");
      expect(csp).toContain("script-src 'self';");
    } finally {
      await t.close();
    }
  });
});

describe('the API reference page', () => {
  it('is served with scripts limited to its own origin', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/style-src[^;]*'unsafe-inline'/);
    } finally {
      await t.close();
    }
  });
});
