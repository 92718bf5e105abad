// Authentication of API requests: `app.authenticate` (a preHandler) checks the bearer access token
// (signature against the provider's JWKS, issuer, token_use, client, expiry, revocation) and puts the
// caller on `request.user`; `requireUser(request)` reads it in a handler. Every refusal is the same
// 401 { message: 'Not authenticated', code: 'UNAUTHENTICATED' }, whatever the reason.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AccessTokenVerifier, AuthenticatedUser } from '../identity/index.ts';

// Declaration merging needs interfaces here.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by app.authenticate; undefined on routes without it. */
    user?: AuthenticatedUser;
  }
}

export type { AuthenticatedUser } from '../identity/index.ts';

const BEARER = /^Bearer +([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+)$/i;

const notAuthenticated = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Not authenticated', undefined, { 'www-authenticate': 'Bearer' });

/** Decorates the root instance, so every plugin (encapsulated or not) can use app.authenticate. */
export function registerAuthenticate(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw notAuthenticated();
    const user = await verifier.verify(match[1]);
    if (!user) throw notAuthenticated();
    request.user = user;
  });
}

/** The signed-in caller; throws the 401 when the route forgot app.authenticate (fails closed). */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
