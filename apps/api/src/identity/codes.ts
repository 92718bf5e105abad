// One-time codes sent by e-mail: six digits from a secure random source, stored only as a keyed HMAC
// bound to the user and the purpose (a leaked table row can be neither reversed nor reused elsewhere).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export type CodePurpose = 'sign_up' | 'reset_password' | 'verify_email';

const HOUR_MS = 60 * 60 * 1000;

/** Validity per purpose: Cognito's 24 h for sign-up, 1 h for reset. */
export const CODE_VALIDITY_MS: Record<CodePurpose, number> = {
  sign_up: 24 * HOUR_MS,
  reset_password: 1 * HOUR_MS,
  verify_email: 24 * HOUR_MS,
};

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(key: Buffer, userSub: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${userSub}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
