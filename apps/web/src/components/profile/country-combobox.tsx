import { Combobox, type ComboboxProps } from '@/components/ui/combobox';
import { useLanguage } from '@/hooks/use-language';
import { countryOptions } from '@/lib/countries';
import { useTranslation } from '@/lib/i18n';

type CountryComboboxProps = Omit<ComboboxProps, 'options' | 'listLabel' | 'toggleLabel' | 'noResultsText' | 'locale'>;

/** The country field: every ISO country, named and sorted in the interface language. */
export function CountryCombobox(props: CountryComboboxProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Combobox
      placeholder={t('countries.placeholder')}
      {...props}
      options={countryOptions(language)}
      locale={language}
      listLabel={t('countries.list')}
      toggleLabel={t('countries.toggle')}
      noResultsText={t('countries.noResults')}
    />
  );
}
