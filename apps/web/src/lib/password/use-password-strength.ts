import { useEffect, useState } from 'react';
import type { PasswordVerdict } from '@sp/shared';
import { judgeNewPassword } from './password-strength';

/** Typing pauses this long before the password is judged again (a check takes up to ~50 ms). */
const SETTLE_MS = 150;

/**
 * The strength verdict of `password` while it is typed: null while empty or before the check has
 * loaded. The check module is loaded on mount, so it is usually there by the first keystroke.
 */
export function usePasswordStrength(password: string, email: string): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<{ password: string; email: string; verdict: PasswordVerdict } | null>(null);
  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      judgeNewPassword(password, email).then(
        (judged) => {
          if (current) setVerdict({ password, email, verdict: judged });
        },
        () => undefined,
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email]);
  if (!password) return null;
  // The last verdict stays shown while the next one settles, so the meter does not flicker.
  return verdict?.verdict ?? null;
}
