/**
 * For component tests: a real HTTP server on a free local port standing in for the network
 * boundary, i.e. the API (`/api/...`) and the identity provider (`POST /identity/` with
 * X-Amz-Target). Tests register answers per path or per identity operation and read what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { testConfig } from '@/testing/render';

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
export type Answer = { status: number; body?: unknown };
type Handler = (request: RecordedRequest) => Answer;

export type FakeBackend = {
  url: string;
  config: RuntimeConfig;
  requests: RecordedRequest[];
  /** Answers for `GET /api/invite/CODE` and other API paths, by "METHOD /path". */
  api: Map<string, Handler>;
  /** Answers for identity operations, by operation name (e.g. 'SignUp'). */
  identity: Map<string, Handler>;
  identityCalls: (operation: string) => RecordedRequest[];
  close: () => Promise<void>;
};

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : undefined);
      } catch {
        resolve(text);
      }
    });
    request.on('error', reject);
  });
}

const OPERATION_PREFIX = 'AWSCognitoIdentityProviderService.';

/** A Cognito-shaped error answer as the identity provider sends it. */
export function identityError(type: string, message: string): Answer {
  return { status: 400, body: { __type: type, message } };
}

/** An unsigned JWT with the given claims; the client library only decodes, never verifies. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.signature`;
}

export function signInAnswer(claims: { sub: string; email: string }): Answer {
  const now = Math.floor(Date.now() / 1000);
  const common = { sub: claims.sub, iat: now, exp: now + 3600, auth_time: now };
  return {
    status: 200,
    body: {
      ChallengeParameters: {},
      AuthenticationResult: {
        AccessToken: fakeJwt({ ...common, token_use: 'access', username: claims.sub, client_id: 'test-client' }),
        IdToken: fakeJwt({ ...common, token_use: 'id', email: claims.email, 'cognito:username': claims.sub }),
        RefreshToken: 'refresh-token',
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
    },
  };
}

export async function startFakeBackend(): Promise<FakeBackend> {
  const requests: RecordedRequest[] = [];
  const api = new Map<string, Handler>();
  const identity = new Map<string, Handler>();

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        headers: request.headers,
        body: await readBody(request),
      };
      requests.push(recorded);
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      };
      if (recorded.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      let answer: Answer;
      if (recorded.path.startsWith('/identity')) {
        const target = String(request.headers['x-amz-target'] ?? '');
        const handler = identity.get(target.replace(OPERATION_PREFIX, ''));
        answer = handler ? handler(recorded) : identityError('UnknownOperationException', `No answer for ${target}`);
      } else {
        const handler = api.get(`${recorded.method} ${recorded.path}`);
        answer = handler
          ? handler(recorded)
          : { status: 404, body: { detail: 'Not found', code: 'request.not-found' } };
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...cors });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  configureApiClient({ baseUrl: `${url}/api`, getAccessToken: () => Promise.resolve('test-access-token') });

  return {
    url,
    config: { ...testConfig, identityEndpoint: `${url}/identity/` },
    requests,
    api,
    identity,
    identityCalls: (operation) =>
      requests.filter(
        (r) => r.path.startsWith('/identity') && r.headers['x-amz-target'] === OPERATION_PREFIX + operation,
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
