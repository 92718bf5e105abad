import { useId } from 'react';
import type { PasswordVerdict } from '@sp/shared';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { usePasswordStrength } from '@/lib/password/use-password-strength';

const SEGMENTS = [1, 2, 3, 4] as const;

const BAR_COLOUR: Record<PasswordVerdict['score'], string> = {
  0: 'bg-destructive',
  1: 'bg-destructive',
  2: 'bg-warning',
  3: 'bg-success',
  4: 'bg-success',
};

/** zxcvbn's feedback keys that the locales translate (auth.passwordStrength.warnings/suggestions). */
function feedbackKey(
  group: 'warnings' | 'suggestions',
  key: string | null | undefined,
  exists: (key: string) => boolean,
) {
  const full = `auth.passwordStrength.${group}.${key ?? ''}`;
  return key && exists(full) ? (full as TranslationKey) : null;
}

/**
 * How guessable the typed password is (zxcvbn-ts score 0 to 4, as the identity provider judges it):
 * a bar, and a text label with the reason or advice that screen readers announce as it changes.
 */
export function PasswordStrengthMeter({ password, email }: { password: string; email: string }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const verdict = usePasswordStrength(password, email);
  const score = verdict?.score ?? 0;
  const level = verdict ? t(`auth.passwordStrength.levels.${score}` as TranslationKey) : null;
  const exists = (key: string) => i18n.exists(key);
  const advice = verdict?.reason ? t(`auth.passwordStrength.reasons.${verdict.reason}` as TranslationKey) : null;
  const warning = verdict?.reason ? feedbackKey('warnings', verdict.warning, exists) : null;
  const suggestion = verdict?.reason ? feedbackKey('suggestions', verdict.suggestions[0], exists) : null;

  return (
    <div className="mt-2 grid gap-1" data-password-strength={verdict ? score : 'none'}>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={level ?? t('auth.passwordStrength.checking')}
        className="flex gap-1"
      >
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={cn(
              'h-1.5 flex-1 rounded-full bg-muted',
              verdict && score >= segment && BAR_COLOUR[score],
              verdict && score === 0 && segment === 1 && BAR_COLOUR[0],
            )}
          />
        ))}
      </div>
      <div aria-live="polite" aria-atomic="true">
        {password ? (
          <>
            <p id={labelId}>
              {t('auth.passwordStrength.label')}:{' '}
              <span className="font-medium text-foreground">{level ?? t('auth.passwordStrength.checking')}</span>
              {verdict ? (
                <span className="sr-only">
                  {' '}
                  {verdict.acceptable ? t('auth.passwordStrength.accepted') : t('auth.passwordStrength.refused')}
                </span>
              ) : null}
            </p>
            {advice ? <p>{advice}</p> : null}
            {warning ? <p>{t(warning)}</p> : null}
            {suggestion ? <p>{t(suggestion)}</p> : null}
          </>
        ) : (
          <p id={labelId} className="sr-only">
            {t('auth.passwordStrength.label')}
          </p>
        )}
      </div>
    </div>
  );
}
