import { Link } from '@tanstack/react-router';
import { Page, Prose } from '@/components/layout/page';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useTranslation } from '@/lib/i18n';
import { LegalValue } from './legal-value';

const DATA_CATEGORIES = [
  'account',
  'organisation',
  'events',
  'sponsorships',
  'archive',
  'chat',
  'invitations',
  'settings',
  'mail',
  'logs',
] as const;
const BROWSER_ITEMS = ['session', 'language', 'invitation'] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection', 'complaint'] as const;

export function PrivacyNoticePage() {
  const { t } = useTranslation();
  const { legal } = useRuntimeConfig();

  return (
    <Page title={t('privacy.title')} lead={t('privacy.lead')} width="narrow">
      <Prose>
        <section>
          <h2>{t('privacy.controller.title')}</h2>
          <p>{t('privacy.controller.text')}</p>
          <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t('impressum.fields.operatorName')}</dt>
            <dd>
              <LegalValue value={legal.operatorName} />
            </dd>
            <dt className="font-medium">{t('impressum.fields.address')}</dt>
            <dd>
              <LegalValue value={legal.address} />
            </dd>
            <dt className="font-medium">{t('impressum.fields.contactEmail')}</dt>
            <dd>
              <LegalValue value={legal.contactEmail} href={(value) => `mailto:${value}`} />
            </dd>
          </dl>
        </section>

        <section>
          <h2>{t('privacy.data.title')}</h2>
          <p>{t('privacy.data.lead')}</p>
          <div className="mt-4 space-y-4">
            {DATA_CATEGORIES.map((category) => (
              <div key={category} className="rounded-lg border border-border p-4">
                <h3 className="font-semibold">{t(`privacy.data.${category}.title`)}</h3>
                <p className="mt-1">{t(`privacy.data.${category}.what`)}</p>
                <p className="mt-1 text-muted-foreground">{t(`privacy.data.${category}.why`)}</p>
              </div>
            ))}
          </div>
        </section>

        <section>
          <h2>{t('privacy.legalBasis.title')}</h2>
          <p>{t('privacy.legalBasis.text')}</p>
        </section>

        <section>
          <h2>{t('privacy.browser.title')}</h2>
          <p>{t('privacy.browser.lead')}</p>
          <ul>
            {BROWSER_ITEMS.map((item) => (
              <li key={item}>{t(`privacy.browser.${item}`)}</li>
            ))}
          </ul>
          <p>{t('privacy.browser.noTracking')}</p>
        </section>

        <section>
          <h2>{t('privacy.recipients.title')}</h2>
          <p>{t('privacy.recipients.text')}</p>
        </section>

        <section>
          <h2>{t('privacy.retention.title')}</h2>
          <p>{t('privacy.retention.text')}</p>
        </section>

        <section>
          <h2>{t('privacy.rights.title')}</h2>
          <p>{t('privacy.rights.lead')}</p>
          <ul>
            {RIGHTS.map((right) => (
              <li key={right}>{t(`privacy.rights.${right}`)}</li>
            ))}
          </ul>
          <p>{t('privacy.rights.exportHint')}</p>
          <p>
            {t('privacy.rights.contact')} <Link to="/impressum/">{t('footer.impressum')}</Link>
          </p>
        </section>
      </Prose>
    </Page>
  );
}
