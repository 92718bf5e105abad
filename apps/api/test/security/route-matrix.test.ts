// Runs the authorisation matrix (route-matrix.ts): one test per route and caller, and a check that
// every route the app registers is in the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers.ts';
import { uniqueEmail } from '../../src/identity/test-support.ts';
import { connectStream } from '../../src/modules/chat/test-support.ts';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import { logoFile } from '../../src/modules/sponsor-profiles/test-support.ts';
import { ROUTE_MATRIX, type MatrixRow } from './route-matrix.ts';
import { normaliseRoute, registeredRoutes } from './routes.ts';
import {
  CALLERS,
  authorizationOf,
  buildWorld,
  callerCents,
  resolvePlaceholders as resolve,
  throwawayAccount,
  type Caller,
  type Credentials,
  type Upload,
  type World,
} from './world.ts';

function placeholders(w: World, credentials: Credentials) {
  return (name: string): unknown => {
    switch (name) {
      case 'newEmail':
        return uniqueEmail('matrix');
      case 'clientId':
        return w.t.config.identity.clientId;
      case 'userPoolId':
        return w.t.config.identity.userPoolId;
      case 'organiserASub':
        return w.organiserA.sub;
      // A guest link put where an access token belongs must not pass for one.
      case 'accessToken':
        return credentials.kind === 'bearer'
          ? credentials.token
          : credentials.kind === 'guest'
            ? credentials.token
            : undefined;
      case 'refreshToken':
        return credentials.kind === 'bearer' && credentials.refreshToken
          ? credentials.refreshToken
          : 'not-a-refresh-token';
      case 'callerCents':
        return callerCents(w, credentials);
      case 'callerSub':
        return credentials.kind === 'bearer' ? credentials.sub : 'nobody';
      case 'callerEmail':
        return credentials.kind === 'none' ? 'nobody@example.org' : credentials.email;
      default: {
        const id = (w.ids as Record<string, unknown>)[name];
        if (id === undefined) throw new Error(`unknown placeholder {${name}}`);
        return id;
      }
    }
  };
}

async function runCell(w: World, row: MatrixRow, caller: Caller): Promise<number> {
  let credentials = w.callers[caller];
  if (row.mode === 'identity-own-account' && credentials.kind === 'bearer' && caller !== 'revoked') {
    credentials = await throwawayAccount(w.t);
  }
  const values = placeholders(w, credentials);
  const url = resolve(row.url, values) as string;
  if (row.mode === 'stream') {
    const client = await connectStream(w.t.baseUrl, url, authorizationOf(credentials));
    client.close();
    return client.status;
  }
  if (row.mode === 'upload') {
    const upload = (
      await w.request('organiserA', 'GET', `/api/file/upload/${w.ids.orgA}/${w.ids.eventA}/Anhang/pdf`)
    ).json<Upload>();
    const res = await w.t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { ...authorizationOf(credentials), 'content-type': 'application/pdf' },
      payload: pdfBytes('matrix'),
    });
    return res.statusCode;
  }
  if (row.mode === 'logo') {
    const res = await w.t.app.inject({
      method: row.method,
      url,
      headers: { ...authorizationOf(credentials), 'content-type': 'application/octet-stream' },
      payload: await logoFile('png', 64, 32),
    });
    return res.statusCode;
  }
  const body = row.body === undefined ? undefined : resolve(row.body, values);
  if (row.operation) {
    const res = await w.t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...authorizationOf(credentials),
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${row.operation}`,
      },
      payload: JSON.stringify(body ?? {}),
    });
    return res.statusCode;
  }
  const res = await w.request(credentials, row.method, url, body);
  return res.statusCode;
}

describe.each(ENGINES)('authorisation matrix on %s', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(engine);
  }, 120_000);
  afterAll(async () => w?.close());

  it('lists every route the app registers', () => {
    const listed = new Set(ROUTE_MATRIX.map((row) => normaliseRoute(row.method, row.route)));
    const missing = [...registeredRoutes(w.t.app)].filter((route) => {
      // Fastify answers HEAD for every GET route; the GET row covers it.
      if (route.startsWith('HEAD ')) return !listed.has(route.replace(/^HEAD /, 'GET '));
      return !listed.has(route);
    });
    expect(missing, 'routes missing from test/security/route-matrix.ts').toEqual([]);
  });

  it('lists no route the app does not have', () => {
    const registered = registeredRoutes(w.t.app);
    const stale = ROUTE_MATRIX.map((row) => normaliseRoute(row.method, row.route)).filter((r) => !registered.has(r));
    expect(stale).toEqual([]);
  });

  it('ignores or refuses ids in bodies that the caller does not own', async () => {
    const invitation = await w.request('organiserB', 'POST', '/api/invitations', {
      email: uniqueEmail('body-ids'),
      organisation_id: w.ids.orgA,
    });
    expect(invitation.statusCode).toBe(201);
    expect(invitation.json().organisation_id).toBe(w.ids.orgB);

    const created = await w.request('organiserB', 'POST', '/api/event/-1', {
      title: 'Fremd',
      event_date: '2026-08-01',
      location: 'Halle',
      description: 'x',
      organisation_id: w.ids.orgA,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().organisation_id).toBe(w.ids.orgB);

    // A's file put into B's event: refused, and A's event keeps it.
    const stolen = await w.request('organiserB', 'PUT', `/api/event/${w.ids.eventB}`, {
      title: 'Sommerfest B',
      event_date: '2026-07-04',
      location: 'Stadtpark',
      description: 'x',
      files: [{ s3_id: w.ids.fileS3IdA, name: w.ids.fileNameA, key: w.ids.fileKeyA }],
    });
    expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
    expect(stolen.statusCode).toBeLessThan(500);
    const eventA = (await w.request('organiserA', 'GET', `/api/event/${w.ids.eventA}`)).json<{
      files: Array<{ key: string }>;
    }>();
    expect(eventA.files.map((f) => f.key)).toContain(w.ids.fileKeyA);

    const moved = await w.request('memberA', 'PUT', `/api/user-profile/${w.memberA.sub}`, {
      organisation_id: w.ids.orgB,
      organisation_role: 'owner',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user).toMatchObject({ organisation_id: w.ids.orgA, organisation_role: 'member' });

    const alerts = (await w.request('organiserA', 'GET', '/api/notifications')).json<{
      unread_count: number;
      notifications: Array<{ id: number }>;
    }>();
    const ids = alerts.notifications.map((n) => n.id);
    // A's owner has alerts: three people accepted invitations into A.
    expect(ids.length).toBeGreaterThan(0);
    expect((await w.request('organiserB', 'POST', '/api/notifications/read', { ids })).statusCode).toBe(200);
    expect((await w.request('organiserA', 'GET', '/api/notifications')).json().unread_count).toBe(alerts.unread_count);
  });

  describe.each(ROUTE_MATRIX.map((row) => [`${row.operation ?? row.method} ${row.route}`, row] as const))(
    '%s',
    (_name, row) => {
      it.each(CALLERS.map((caller) => [caller, row.expect[caller]] as const))('%s gets %i', async (caller, status) => {
        const got = await runCell(w, row, caller);
        expect(got, `${row.method} ${row.url} as ${caller}`).toBe(status);
      });
    },
  );
});
