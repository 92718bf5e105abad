import { Link } from '@tanstack/react-router';
import { Page, Prose } from '@/components/layout/page';
import { useTranslation } from '@/lib/i18n';

const SECTIONS = ['service', 'registration', 'content', 'availability', 'termination'] as const;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('terms.title')} lead={t('terms.lead')} width="narrow">
      <Prose>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <h2>
              {index + 1}. {t(`terms.${section}.title`)}
            </h2>
            <p>{t(`terms.${section}.text`)}</p>
          </section>
        ))}
        <section>
          <h2>
            {SECTIONS.length + 1}. {t('terms.privacy.title')}
          </h2>
          <p>
            {t('terms.privacy.text')} <Link to="/privacy-notice/">{t('footer.privacy')}</Link>
          </p>
        </section>
        <section>
          <h2>
            {SECTIONS.length + 2}. {t('terms.operator.title')}
          </h2>
          <p>
            {t('terms.operator.text')} <Link to="/impressum/">{t('footer.impressum')}</Link>
          </p>
        </section>
      </Prose>
    </Page>
  );
}
