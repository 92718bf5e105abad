import { Link } from '@tanstack/react-router';
import { Page, Prose } from '@/components/layout/page';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useTranslation } from '@/lib/i18n';
import { ScreenFigure } from './screen-figure';

export function AboutPage() {
  const { t } = useTranslation();
  const { legal } = useRuntimeConfig();

  return (
    <Page title={t('about.title')} lead={t('about.lead')} width="narrow">
      <Prose>
        <section>
          <h2>{t('about.what.title')}</h2>
          <p>{t('about.what.text')}</p>
          <ScreenFigure name="sponsors" caption={t('landing.screens.sponsors')} className="mt-6" />
        </section>
        <section>
          <h2>{t('about.documents.title')}</h2>
          <p>
            {t('about.documents.text')} <Link to="/verify-agreement/">{t('footer.verifyAgreement')}</Link>.
          </p>
          <ScreenFigure name="invoices" caption={t('landing.screens.invoices')} className="mt-6" />
        </section>
        <section>
          <h2>{t('about.who.title')}</h2>
          <ul>
            <li>{t('about.who.organisers')}</li>
            <li>{t('about.who.sponsors')}</li>
            <li>{t('about.who.both')}</li>
          </ul>
          <ScreenFigure name="sponsor-phone" caption={t('landing.screens.phone')} className="mt-6 text-center" />
        </section>
        <section>
          <h2>{t('about.how.title')}</h2>
          <p>{t('about.how.text')}</p>
        </section>
        <section>
          <h2>{t('about.data.title')}</h2>
          <p>
            {t('about.data.text')} <Link to="/privacy-notice/">{t('footer.privacy')}</Link>
          </p>
        </section>
        <section>
          <h2>{t('about.operator.title')}</h2>
          <p>
            {legal.operatorName
              ? t('about.operator.named', { operator: legal.operatorName })
              : t('about.operator.unnamed')}{' '}
            <Link to="/impressum/">{t('footer.impressum')}</Link>
          </p>
        </section>
      </Prose>
    </Page>
  );
}
