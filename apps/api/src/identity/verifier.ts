// How the API checks a bearer access token of the built-in provider, fast and still honouring
// revocation:
//  - the signature check's result is cached per full token string until the token expires, so a
//    repeated token costs a Map lookup instead of an RSA verification (token-map.ts);
//  - revocation (session revoked, user signed out globally or deleted) is read from the database per
//    origin_jti and that answer is cached for REVOCATION_TTL_MS (1 s). With several API processes a
//    revocation therefore takes effect everywhere within about one second; nothing else is kept in
//    process memory, so any process can answer any request.
import type { Clock } from './clock.ts';
import type { IdentityRepository, SessionState } from './repository.ts';
import { isRevoked, type AccessClaims, type AccessTokenSignatureVerifier } from './tokens.ts';
import { createTokenMap, isCompactJwt } from './token-map.ts';

export type AuthenticatedUser = { sub: string; email: string; username: string };

/** Resolves to the user, or null when the token must be refused (answered with 401). */
export type AccessTokenVerifier = {
  verify(token: string): Promise<AuthenticatedUser | null>;
  /** Drops cached revocation answers, after this process itself revoked or deleted something. */
  forgetRevocationStates?(): void;
};

export const REVOCATION_TTL_MS = 1000;
const MAX_CACHED_TOKENS = 20_000;
const MAX_CACHED_STATES = 20_000;

/** Insertion-ordered Map used as a bounded cache: the oldest entry goes first. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

export function createBuiltinVerifier(options: {
  repo: IdentityRepository;
  verifySignature: AccessTokenSignatureVerifier;
  clock: Clock;
}): AccessTokenVerifier {
  const tokens = createTokenMap<AccessClaims>(MAX_CACHED_TOKENS);
  // A burst of requests with a token not seen yet (a client's first page load, a restarted server)
  // shares one signature check instead of running one each.
  const checking = new Map<string, Promise<AccessClaims>>();
  const states = new Map<string, { at: number; state: Promise<SessionState | undefined> }>();

  function stateOf(originJti: string, now: number) {
    const cached = states.get(originJti);
    if (cached && now - cached.at >= 0 && now - cached.at < REVOCATION_TTL_MS) return cached.state;
    // Concurrent requests of one session share this single query.
    const state = options.repo.sessionState(originJti);
    remember(states, originJti, { at: now, state }, MAX_CACHED_STATES);
    state.catch(() => states.delete(originJti));
    return state;
  }

  return {
    forgetRevocationStates: () => states.clear(),
    async verify(token) {
      const now = options.clock();
      let claims = tokens.get(token);
      if (!claims || claims.exp * 1000 <= now.getTime()) {
        tokens.delete(token);
        if (!isCompactJwt(token)) return null;
        let check = checking.get(token);
        if (!check) {
          check = options.verifySignature(token, now);
          checking.set(token, check);
          void check
            .then(
              (verified) => tokens.set(token, verified),
              () => undefined,
            )
            .finally(() => checking.delete(token));
        }
        try {
          claims = await check;
        } catch {
          return null;
        }
      }
      const state = await stateOf(claims.originJti, now.getTime());
      if (!state || isRevoked(claims, state)) return null;
      return { sub: claims.sub, email: state.email, username: claims.username };
    },
  };
}
