// One request of the authorisation matrix (test/security/route-matrix.ts) as the concurrency harness
// fires it: the row's placeholders resolved once, so N copies are the same request (the same body, the
// same new address, the same signed upload URL), sent by the row's allowed caller.
import type { LightMyRequestResponse } from 'fastify';
import { uniqueEmail } from '../../src/identity/test-support.ts';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import { logoFile } from '../../src/modules/sponsor-profiles/test-support.ts';
import type { MatrixRow } from '../security/route-matrix.ts';
import {
  CALLERS,
  authorizationOf,
  callerCents,
  resolvePlaceholders as resolve,
  throwawayAccount,
  type Caller,
  type Credentials,
  type Upload,
  type World,
} from '../security/world.ts';

/** The caller the row lets change state (the matrix lists it last); A's owner when nobody may. */
export function allowedCaller(row: MatrixRow): Caller {
  const allowed = CALLERS.filter((c) => row.expect[c] >= 200 && row.expect[c] < 300);
  return allowed.at(-1) ?? 'organiserA';
}

function placeholders(w: World, credentials: Credentials) {
  const fresh = new Map<string, string>();
  return (name: string): unknown => {
    switch (name) {
      case 'newEmail':
        // One new address per prepared request: its N copies are the same request.
        if (!fresh.has(name)) fresh.set(name, uniqueEmail('concurrent'));
        return fresh.get(name);
      case 'clientId':
        return w.t.config.identity.clientId;
      case 'userPoolId':
        return w.t.config.identity.userPoolId;
      case 'organiserASub':
        return w.organiserA.sub;
      case 'accessToken':
        return credentials.kind === 'bearer' ? credentials.token : undefined;
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

/** The row's request by its allowed caller, prepared once; call the answer to send one copy. */
export async function prepareRequest(w: World, row: MatrixRow): Promise<() => Promise<LightMyRequestResponse>> {
  const caller = allowedCaller(row);
  let credentials = w.callers[caller];
  if (row.mode === 'identity-own-account' && credentials.kind === 'bearer') credentials = await throwawayAccount(w.t);
  const values = placeholders(w, credentials);
  const url = resolve(row.url, values) as string;
  if (row.mode === 'upload') {
    const upload = (
      await w.request('organiserA', 'GET', `/api/file/upload/${w.ids.orgA}/${w.ids.eventA}/Anhang/pdf`)
    ).json<Upload>();
    const payload = pdfBytes('concurrent');
    return () =>
      w.t.app.inject({
        method: 'PUT',
        url: upload.url,
        headers: { ...authorizationOf(credentials), 'content-type': 'application/pdf' },
        payload,
      });
  }
  if (row.mode === 'logo') {
    const payload = await logoFile('png', 64, 32);
    return () =>
      w.t.app.inject({
        method: row.method,
        url,
        headers: { ...authorizationOf(credentials), 'content-type': 'application/octet-stream' },
        payload,
      });
  }
  const body = row.body === undefined ? undefined : resolve(row.body, values);
  if (row.operation) {
    const payload = JSON.stringify(body ?? {});
    return () =>
      w.t.app.inject({
        method: 'POST',
        url,
        headers: {
          ...authorizationOf(credentials),
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${row.operation}`,
        },
        payload,
      });
  }
  return () => w.request(credentials, row.method, url, body);
}
