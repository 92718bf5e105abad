// Authentication of API requests: `app.authenticate` (a preHandler) checks the bearer access token
// (signature against the provider's JWKS, issuer, token_use, client, expiry, revocation) and puts the
// caller on `request.user`; `requireUser(request)` reads it in a handler. Every refusal is the same
// 401 with code auth.unauthenticated, whatever the reason.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** An invited sponsor's guest access: `Authorization: <invitation token>:<email>` (spec section 7). */
export type SponsorGuestCredentials = { token: string; email: string };

const SPONSOR_GUEST = /^([A-Za-z0-9_-]{43}):([^\s@:]+@[^\s@]+)$/;

/** The guest credentials in the Authorization header, or null. Whether they are valid is the module's check. */
export function sponsorGuestOf(request: FastifyRequest): SponsorGuestCredentials | null {
  const match = SPONSOR_GUEST.exec(request.headers.authorization?.trim() ?? '');
  return match?.[1] && match[2] ? { token: match[1], email: match[2] } : null;
}

/**
 * For routes open to a signed-in user or an invited guest: guest credentials pass through (the route
 * checks them against the invitation), anything else must be a valid bearer token.
 */
export async function authenticateUserOrGuest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (sponsorGuestOf(request)) return;
  await app.authenticate(request, reply);
}

// Only the scheme is matched here: the verifiers check the token's shape before they verify and keep
// it (token-map.ts), so a token seen before is not scanned again on every request (decision 056).
const BEARER_SCHEME = /^Bearer +/i;

const notAuthenticated = () =>
  new AppError('auth.unauthenticated', 'Not authenticated', undefined, { 'www-authenticate': 'Bearer' });

/** Decorates the root instance, so every plugin (encapsulated or not) can use app.authenticate. */
export function registerAuthenticate(app: FastifyInstance, verifier: AccessTokenVerifier): void {
  app.decorateRequest('user', undefined);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const scheme = header === undefined ? null : BEARER_SCHEME.exec(header);
    if (!header || !scheme) throw notAuthenticated();
    const user = await verifier.verify(header.slice(scheme[0].length));
    if (!user) throw notAuthenticated();
    request.user = user;
  });
}

/** The signed-in caller; throws the 401 when the route forgot app.authenticate (fails closed). */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
