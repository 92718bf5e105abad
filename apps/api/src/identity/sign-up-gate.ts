// Who may sign up: Cognito's pre-sign-up hook, run by our server itself. A gate sees the e-mail and the
// sign-up's metadata (ValidationData and ClientMetadata merged) and runs inside the transaction that
// inserts the user, so a use it counts (an invitation code) is rolled back when the sign-up fails.
// The gates themselves belong to the modules that know codes and links (invite-codes, invitations).
import type { Db } from '../db/index.ts';

export type SignUpAttempt = { email: string; metadata: Record<string, string>; now: Date };

export type SignUpGate = { allowsSignUp(attempt: SignUpAttempt, trx: Db): Promise<boolean> };

/** Admits nobody: the provider's default until the composition root gives a gate. */
export const closedGate: SignUpGate = { allowsSignUp: async () => false };

/** Admits when any gate does, trying them in order (so a later gate's side effect runs only if needed). */
export function anyGate(...gates: SignUpGate[]): SignUpGate {
  return {
    async allowsSignUp(attempt, trx) {
      for (const gate of gates) if (await gate.allowsSignUp(attempt, trx)) return true;
      return false;
    },
  };
}
