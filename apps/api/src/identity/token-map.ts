// A bounded map keyed by access token, for the verifiers' caches. A token is some 800 characters
// and arrives as a new string with every request, so a Map keyed by the whole token hashed all of
// it on every lookup (2-3 % of a cached read's time, decision 056). Entries are found by the token's
// last characters (the end of its signature) and then compared in full: two tokens that share
// their end only displace each other, never answer for each other.

/** Characters of the token's end the lookup uses: random signature bytes, so practically unique. */
const KEY_LENGTH = 24;

export type TokenMap<V> = {
  get(token: string): V | undefined;
  /** Keeps `value` for `token`; the oldest entry goes when more than `max` are kept. */
  set(token: string, value: V): void;
  delete(token: string): void;
};

export function createTokenMap<V>(max: number): TokenMap<V> {
  const entries = new Map<string, { token: string; value: V }>();
  const keyOf = (token: string) => token.slice(-KEY_LENGTH);
  return {
    get(token) {
      const entry = entries.get(keyOf(token));
      return entry?.token === token ? entry.value : undefined;
    },
    set(token, value) {
      const key = keyOf(token);
      entries.delete(key);
      entries.set(key, { token, value });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
    delete(token) {
      const key = keyOf(token);
      if (entries.get(key)?.token === token) entries.delete(key);
    },
  };
}

const COMPACT_JWT = /^[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+$/;

/**
 * Whether `token` has the shape of a signed JWT (three base64url parts). The verifiers check it
 * before a token is verified and kept, so a token found in their cache had it: the check runs once
 * per token, not per request (decision 056).
 */
export const isCompactJwt = (token: string): boolean => token.length <= 16_384 && COMPACT_JWT.test(token);
