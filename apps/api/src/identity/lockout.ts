// Sign-in throttling per address (known or not): after 5 consecutive failures each further failure
// locks the address for 1 s, 2 s, 4 s ... up to 15 min, and while locked even the right password is
// refused. Checked before the password so a locked address costs no scrypt.
import type { IdentityContext } from './context.ts';
import { incorrectCredentials } from './errors.ts';
import { normaliseEmail } from './repository.ts';
import { FAILURE_MEMORY_MS, LOCK_AFTER_FAILURES, lockDurationMs } from './throttle.ts';

/** The recent failures of the address, and whether it is locked right now. */
export async function readLockout(
  ctx: IdentityContext,
  address: string,
): Promise<{ failures: number; locked: boolean }> {
  const now = ctx.clock();
  const lockout = await ctx.repo.findLockout(normaliseEmail(address), now, FAILURE_MEMORY_MS);
  return {
    failures: lockout.failures,
    locked: lockout.lockedUntil !== null && lockout.lockedUntil.getTime() > now.getTime(),
  };
}

/** Counts the failure, locks when due, and returns the error to throw. */
export async function failSignIn(ctx: IdentityContext, address: string) {
  const subject = normaliseEmail(address);
  const now = ctx.clock();
  const failures = await ctx.repo.recordSignInFailure(subject, now, FAILURE_MEMORY_MS);
  if (failures >= LOCK_AFTER_FAILURES)
    await ctx.repo.lockUntil(subject, new Date(now.getTime() + lockDurationMs(failures)));
  return incorrectCredentials();
}

export async function clearSignInFailures(ctx: IdentityContext, address: string, failures: number): Promise<void> {
  if (failures > 0) await ctx.repo.clearLockout(normaliseEmail(address));
}
