// The kinds of expectation the authorisation matrix is written with (route-matrix.ts): who gets which
// status, by caller. Shared by the matrix's parts.
import type { Caller } from './world.ts';

export type Expectation = Record<Caller, number>;

export type MatrixRow = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** The route as Fastify registers it. */
  route: string;
  /** The request's URL; placeholders in braces. */
  url: string;
  body?: unknown;
  /** For identity rows: the X-Amz-Target operation. */
  operation?: string;
  /**
   * How the request is made: `inject` (default); `stream` over real HTTP (the answer never ends);
   * `upload` to a fresh signed URL minted for the cell; `identity-own-account` for operations that
   * change the caller's own account: signed-in callers use a fresh account of their own instead;
   * `logo` sends a real PNG as raw bytes (application/octet-stream).
   */
  mode?: 'inject' | 'stream' | 'upload' | 'identity-own-account' | 'logo';
  expect: Expectation;
  /** Why a cell is what it is, where that is not obvious. */
  note?: string;
};

export const everyone = (status: number): Expectation => ({
  anonymous: status,
  guest: status,
  otherGuest: status,
  sponsor: status,
  organiserB: status,
  removed: status,
  revoked: status,
  memberA: status,
  organiserA: status,
});

/** Bearer-only routes: no credentials, guest links and revoked tokens are 401; the rest as given. */
export const bearer = (signedIn: number, overrides: Partial<Expectation> = {}): Expectation => ({
  anonymous: 401,
  guest: 401,
  otherGuest: 401,
  revoked: 401,
  sponsor: signedIn,
  organiserB: signedIn,
  removed: signedIn,
  memberA: signedIn,
  organiserA: signedIn,
  ...overrides,
});

/** A's own data: A's organiser and member get `ok`, every other signed-in caller `refused`. */
export const organisationA = (ok: number, refused = 403, overrides: Partial<Expectation> = {}): Expectation =>
  bearer(refused, { memberA: ok, organiserA: ok, ...overrides });

/** Guest routes (/api/token/...): only the link counts; a bearer token is not a guest credential. */
export const guestOnly = (guest: number, otherGuest: number): Expectation => ({
  ...everyone(401),
  guest,
  otherGuest,
});

/** Identity operations taking an AccessToken: no token and revoked tokens are refused. */
export const accessToken = (signedIn: number, refused = 400): Expectation => ({
  ...everyone(signedIn),
  anonymous: refused,
  guest: refused,
  otherGuest: refused,
  revoked: refused,
});

export const CLIENT = '{clientId}';
export const NO_DEVICE = 'local_00000000-0000-4000-8000-000000000000';

export const identity = (
  operation: string,
  body: unknown,
  expect: Expectation,
  mode?: MatrixRow['mode'],
): MatrixRow => ({
  method: 'POST',
  route: '/identity/',
  url: '/identity/',
  operation,
  body,
  expect,
  ...(mode ? { mode } : {}),
});
