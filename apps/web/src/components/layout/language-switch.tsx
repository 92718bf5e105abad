import { useId } from 'react';
import { LANGUAGES } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const LOOKS = {
  // A compact pair on a page or in the public header, its name read by screen readers only.
  compact: {
    fieldset: 'flex w-fit rounded-md border border-input p-0.5',
    legend: 'sr-only',
    options: 'contents',
    option:
      'cursor-pointer rounded px-2.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground has-checked:bg-secondary has-checked:text-secondary-foreground',
  },
  // In the settings menu: the name shown above two wide buttons.
  menu: {
    fieldset: '',
    legend: 'text-xs font-semibold text-muted-foreground',
    options: 'mt-2 flex gap-2',
    option:
      'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border border-input px-3 py-2 text-sm font-medium has-checked:border-primary has-checked:bg-secondary has-checked:text-secondary-foreground',
  },
} as const;

/**
 * The app's one language switch: two radio buttons that change the app's language and remember it.
 * Compact on pages whose reader may not find the settings menu (a sponsor from an invitation link)
 * and in the public header; `menu` in the settings menu.
 */
export function LanguageSwitch({ className, look = 'compact' }: { className?: string; look?: keyof typeof LOOKS }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  const name = useId();
  const styles = LOOKS[look];
  return (
    <fieldset
      className={cn(styles.fieldset, className)}
      data-testid={`language-switch${look === 'menu' ? '-menu' : ''}`}
    >
      <legend className={styles.legend}>{t('settings.language')}</legend>
      <div className={styles.options}>
        {LANGUAGES.map((lng) => (
          <label
            key={lng}
            lang={lng}
            className={cn(styles.option, 'has-focus-visible:outline-2 has-focus-visible:outline-ring')}
          >
            <input
              type="radio"
              name={name}
              value={lng}
              checked={language === lng}
              onChange={() => void setLanguage(lng)}
              className="sr-only"
            />
            {t(`language.${lng}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
