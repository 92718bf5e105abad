import type { DocumentLanguage } from '@sp/shared';
import { Field } from '@/components/ui/field';
import { useTranslation } from '@/lib/i18n';

const LANGUAGES: readonly DocumentLanguage[] = ['de', 'en'];
const FOLLOW = 'follow';

/**
 * The language one document is written in, apart from the app's (decision 074). With `follow`, the
 * first option leaves it to the sponsor (null).
 */
export function DocumentLanguageSelect({
  value,
  onChange,
  follow,
  disabled,
  hint,
}: {
  value: DocumentLanguage | null;
  onChange: (language: DocumentLanguage | null) => void;
  follow?: boolean;
  disabled?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('documentLanguage.label')} hint={hint}>
      {(c) => (
        <select
          {...c}
          value={value ?? FOLLOW}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value === FOLLOW ? null : (e.target.value as DocumentLanguage))}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm disabled:opacity-60"
          data-testid="document-language"
        >
          {follow ? <option value={FOLLOW}>{t('documentLanguage.follow')}</option> : null}
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
