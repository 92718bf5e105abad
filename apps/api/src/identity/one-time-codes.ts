// Issuing, mailing and checking the e-mailed codes, with the attempt limits: 5 wrong entries per
// code, an hourly cap of failures and of sends per address. Unknown addresses go through the same
// steps (and caps) so the answers do not tell whether an account exists.
import type { Language } from '@sp/shared';
import { renderMail, type MailTemplate } from '../ports/mail/templates.ts';
import { CODE_VALIDITY_MS, generateCode, hashCode, sameHash, type CodePurpose } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { codeMismatch, expiredCode, limitExceeded } from './errors.ts';
import { normaliseEmail, type IdentityUser, type StoredCode } from './repository.ts';
import {
  CODE_FAILURES_PER_HOUR,
  CODE_SENDS_PER_HOUR,
  THROTTLE_WINDOW_MS,
  WRONG_CODES_PER_CODE,
  type ThrottleKind,
} from './throttle.ts';

const TEMPLATE: Record<CodePurpose, MailTemplate['kind']> = {
  sign_up: 'sign-up-code',
  reset_password: 'reset-code',
  verify_email: 'verify-email-code',
};

const windowStart = (ctx: IdentityContext) => new Date(ctx.clock().getTime() - THROTTLE_WINDOW_MS);

/** Counts a send against the hourly cap of this address, or refuses with LimitExceededException. */
export async function claimCodeSend(ctx: IdentityContext, address: string, purpose: CodePurpose): Promise<void> {
  const subject = normaliseEmail(address);
  const kind: ThrottleKind = `code_sent_${purpose}`;
  if ((await ctx.repo.countThrottleEvents(subject, kind, windowStart(ctx))) >= CODE_SENDS_PER_HOUR)
    throw limitExceeded();
  await ctx.repo.addThrottleEvent(subject, kind, ctx.clock());
}

/** Stores a fresh code (replacing the previous one) and returns the mail that carries it. */
export async function issueCode(
  ctx: IdentityContext,
  user: IdentityUser,
  purpose: CodePurpose,
  to: string,
  language: Language,
) {
  const now = ctx.clock();
  const code = generateCode();
  const { codeKey } = await ctx.keys.get();
  await ctx.repo.replaceCode(
    user.sub,
    purpose,
    hashCode(codeKey, user.sub, purpose, code),
    now,
    new Date(now.getTime() + CODE_VALIDITY_MS[purpose]),
  );
  return renderMail(to, { kind: TEMPLATE[purpose], code }, language);
}

/** The work an unknown address costs instead of issueCode, so both take about as long. */
export async function simulateIssueCode(ctx: IdentityContext, address: string, purpose: CodePurpose): Promise<void> {
  const { codeKey } = await ctx.keys.get();
  hashCode(codeKey, address, purpose, generateCode());
  await ctx.repo.findCode('00000000-0000-0000-0000-000000000000', purpose);
}

async function recordFailure(ctx: IdentityContext, subject: string) {
  await ctx.repo.addThrottleEvent(subject, 'code_failed', ctx.clock());
}

/** Refuses when this address had too many wrong codes in the last hour. */
export async function assertCodeAttemptsLeft(ctx: IdentityContext, address: string): Promise<void> {
  const failures = await ctx.repo.countThrottleEvents(normaliseEmail(address), 'code_failed', windowStart(ctx));
  if (failures >= CODE_FAILURES_PER_HOUR) throw limitExceeded();
}

export async function recordCodeFailure(ctx: IdentityContext, address: string): Promise<void> {
  await recordFailure(ctx, normaliseEmail(address));
}

/**
 * Checks a code for the user (undefined: unknown user, answered like a wrong code). Returns the stored
 * code, which the caller consumes in the same transaction as the change it allows.
 */
export async function checkCode(
  ctx: IdentityContext,
  user: IdentityUser | undefined,
  address: string,
  purpose: CodePurpose,
  code: string,
): Promise<StoredCode> {
  const subject = normaliseEmail(user?.email ?? address);
  await assertCodeAttemptsLeft(ctx, subject);
  const { codeKey } = await ctx.keys.get();
  const stored = user ? await ctx.repo.findCode(user.sub, purpose) : undefined;
  const candidate = hashCode(codeKey, user?.sub ?? subject, purpose, code.trim());
  if (!stored) {
    await recordFailure(ctx, subject);
    throw codeMismatch();
  }
  if (stored.attempts >= WRONG_CODES_PER_CODE) throw limitExceeded();
  if (!sameHash(stored.codeHash, candidate)) {
    await ctx.repo.countWrongCode(stored.id);
    await recordFailure(ctx, subject);
    throw codeMismatch();
  }
  if (stored.expiresAt.getTime() <= ctx.clock().getTime()) throw expiredCode();
  return stored;
}
