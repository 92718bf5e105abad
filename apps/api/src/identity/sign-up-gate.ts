// Who may sign up: Cognito's pre-sign-up hook, run by our server itself. A gate sees the e-mail and the
// sign-up's metadata (ValidationData and ClientMetadata merged) and runs inside the transaction that
// inserts the user, so a use it counts (an invitation code) is rolled back when the sign-up fails.
import { INVITATION_CODE_MAX } from '@sp/shared';
import type { Db } from '../db/index.ts';
import { createInviteCodesRepository } from '../modules/invite-codes/repository.ts';

export type SignUpAttempt = { email: string; metadata: Record<string, string>; now: Date };

export type SignUpGate = { allowsSignUp(attempt: SignUpAttempt, trx: Db): Promise<boolean> };

/** Admits a sign-up carrying a usable invitation code (`invitationCode`) and counts its use. */
export const invitationCodeGate: SignUpGate = {
  async allowsSignUp({ metadata, now }, trx) {
    const code = metadata.invitationCode?.trim();
    if (!code || code.length > INVITATION_CODE_MAX) return false;
    return createInviteCodesRepository(trx).consume(code, now);
  },
};

/** Admits when any gate does, trying them in order (so a later gate's side effect runs only if needed). */
export function anyGate(...gates: SignUpGate[]): SignUpGate {
  return {
    async allowsSignUp(attempt, trx) {
      for (const gate of gates) if (await gate.allowsSignUp(attempt, trx)) return true;
      return false;
    },
  };
}
