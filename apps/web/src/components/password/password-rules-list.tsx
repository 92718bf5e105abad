import { CheckIcon, DotIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { PASSWORD_RULES } from '@/lib/password/password-rules';

/** The password policy as a checklist that ticks off what the typed password already meets. */
export function PasswordRulesList({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('auth.passwordRules.title')}</p>
      <ul className="mt-1 grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <li
              key={rule.id}
              className={cn('flex items-center gap-1', rule.id === 'symbol' && 'sm:col-span-2', met && 'text-success')}
            >
              {met ? (
                <CheckIcon className="size-4 shrink-0" aria-hidden="true" />
              ) : (
                <DotIcon className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span>{t(`auth.passwordRules.${rule.id}`)}</span>
              <span className="sr-only">{met ? t('auth.passwordRules.met') : t('auth.passwordRules.notMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
