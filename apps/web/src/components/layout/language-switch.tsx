import { useId } from 'react';
import { LANGUAGES } from '@sp/shared';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * The language in view on a page whose reader may not find the settings menu (a sponsor from an
 * invitation link): two radio buttons that change the app's language and remember it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  const name = useId();
  return (
    <fieldset
      className={cn('flex w-fit rounded-md border border-input p-0.5', className)}
      data-testid="language-switch"
    >
      <legend className="sr-only">{t('settings.language')}</legend>
      {LANGUAGES.map((lng) => (
        <label
          key={lng}
          lang={lng}
          className="cursor-pointer rounded px-2.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground has-checked:bg-secondary has-checked:text-secondary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
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
    </fieldset>
  );
}
