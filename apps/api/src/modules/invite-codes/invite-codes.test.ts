import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createInviteCodesRepository } from './repository.ts';

describe.each(ENGINES)('invitation codes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('answers 200 for a usable code, case-insensitively and with spaces around it', async () => {
    const code = await createInviteCodesRepository(t.database.db).create({});
    const ok = await t.app.inject({ method: 'GET', url: `/api/invite/${code}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });
    const lower = await t.app.inject({
      method: 'GET',
      url: `/api/invite/${encodeURIComponent(` ${code.toLowerCase()} `)}`,
    });
    expect(lower.statusCode).toBe(200);
  });

  it.each([
    ['unknown', 'AAAA-BBBB-CCCC'],
    ['very long', 'x'.repeat(5000)],
    ['unicode', encodeURIComponent('äöü-🙂-代码')],
    ['encoded slashes', encodeURIComponent('../../etc/passwd')],
    ['sql', encodeURIComponent("' or 1=1 --")],
  ])('answers 404, never 5xx, for %s input', async (_name, input) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/invite/${input}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'invitation-code.invalid', detail: 'Invalid invitation code' });
  });

  it('answers a malformed percent-encoding with a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invite/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', status: 400, detail: expect.any(String) });
  });

  it('answers 404 for an empty code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invite/' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses an expired code and a used-up code', async () => {
    const repo = createInviteCodesRepository(t.database.db);
    const expired = await repo.create({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: `/api/invite/${expired}` })).statusCode).toBe(404);

    const once = await repo.create({ maxUses: 1 });
    expect((await t.app.inject({ url: `/api/invite/${once}` })).statusCode).toBe(200);
    expect(await repo.consume(once)).toBe(true);
    expect(await repo.consume(once)).toBe(false);
    expect((await t.app.inject({ url: `/api/invite/${once}` })).statusCode).toBe(404);
  });

  it('counts concurrent uses of a limited code exactly', async () => {
    const repo = createInviteCodesRepository(t.database.db);
    const code = await repo.create({ maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => repo.consume(code)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});
