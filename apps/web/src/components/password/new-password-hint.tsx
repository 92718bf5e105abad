import { PasswordRulesList } from './password-rules-list';
import { PasswordStrengthMeter } from './password-strength-meter';

/** Under a new password: the character rules as a checklist, and the strength meter. */
export function NewPasswordHint({ value, email }: { value: string; email: string }) {
  return (
    <>
      <PasswordRulesList value={value} />
      <PasswordStrengthMeter password={value} email={email} />
    </>
  );
}
