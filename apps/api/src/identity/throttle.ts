// The throttling figures, Cognito's own: a sign-in lock after 5 failures that doubles from 1 s up to
// 15 min, at most 5 wrong entries per code, and per-address hourly caps on code sends and failures.
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MAX_MS = 15 * 60 * 1000;
/** A failure counter is forgotten an hour after its last failure. */
export const FAILURE_MEMORY_MS = 60 * 60 * 1000;

export const WRONG_CODES_PER_CODE = 5;
export const CODE_FAILURES_PER_HOUR = 10;
export const CODE_SENDS_PER_HOUR = 5;
export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;

export type ThrottleKind = 'code_failed' | 'code_sent_sign_up' | 'code_sent_reset_password' | 'code_sent_verify_email';

/** Lock after the n-th consecutive failure: none before the 5th, then 1 s, 2 s, 4 s ... capped at 15 min. */
export function lockDurationMs(failures: number): number {
  if (failures < LOCK_AFTER_FAILURES) return 0;
  const exponent = Math.min(failures - LOCK_AFTER_FAILURES, 20);
  return Math.min(1000 * 2 ** exponent, LOCK_MAX_MS);
}
