// Limits per client address (issue 25, decision 016): failed sign-ins across all accounts, sign-ups,
// code requests and code submissions, each counted in a sliding window per client IP (IPv6 per /64,
// since one subscriber holds a whole /64). The counts live in the database, so every server process
// shares them. Over the limit the provider answers as Cognito does when throttling:
// TooManyRequestsException (HTTP 400), with Retry-After and the wait in the message.
import { isIPv4, isIPv6 } from 'node:net';
import type { IdentityContext } from './context.ts';
import { tooManyRequests } from './errors.ts';

/** At most `max` counted requests per `windowMs`; null: no limit. */
export type AddressLimit = { max: number; windowMs: number } | null;

export type AddressLimitKind = 'sign_in_failure' | 'sign_up' | 'code_request' | 'code_submission';

export type AddressLimits = {
  /** InitiateAuth with a wrong password or an unknown user, whatever the account. */
  signInFailures: AddressLimit;
  /** SignUp, failed or not. */
  signUps: AddressLimit;
  /** ForgotPassword and ResendConfirmationCode. */
  forgotPassword: AddressLimit;
  /** ConfirmSignUp and ConfirmForgotPassword. */
  codeSubmissions: AddressLimit;
};

const LIMIT_OF: Record<AddressLimitKind, keyof AddressLimits> = {
  sign_in_failure: 'signInFailures',
  sign_up: 'signUps',
  code_request: 'forgotPassword',
  code_submission: 'codeSubmissions',
};

/** The longest window of the configured limits, for housekeeping. */
export function longestWindowMs(limits: AddressLimits): number {
  return Math.max(0, ...Object.values(limits).map((limit) => limit?.windowMs ?? 0));
}

function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const embedded = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  if (groups.length !== 8) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** The key an address counts under: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64. */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) {
    const groups = ipv6Groups(ip);
    if (groups) {
      const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
      if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
      return `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}::/64`;
    }
  }
  return ip.slice(0, 64);
}

export type AddressClaim = {
  /** Takes the count back, for a request that turned out not to be what the limit counts. */
  release(): Promise<void>;
};

const NOTHING_TO_RELEASE: AddressClaim = { release: async () => {} };

/** Counts this request of `ip` under `kind`, or throws TooManyRequestsException when the window is full. */
export async function claimAddress(ctx: IdentityContext, kind: AddressLimitKind, ip: string): Promise<AddressClaim> {
  const limit = ctx.settings.addressLimits[LIMIT_OF[kind]];
  if (!limit) return NOTHING_TO_RELEASE;
  const claim = await ctx.repo.claimAddressHit(kind, addressKey(ip), limit, ctx.clock());
  if (claim.id === null) throw tooManyRequests(Math.ceil(claim.retryAfterMs / 1000));
  const id = claim.id;
  return { release: () => ctx.repo.releaseAddressHit(id) };
}
