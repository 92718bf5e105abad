import type { LegalNotice } from '@sp/shared';
import { Page } from '@/components/layout/page';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useTranslation } from '@/lib/i18n';
import { LegalValue } from './legal-value';

type Field = { key: keyof LegalNotice; href?: (value: string) => string };

const FIELDS: Field[] = [
  { key: 'operatorName' },
  { key: 'address' },
  { key: 'directors' },
  { key: 'register' },
  { key: 'vatId' },
  { key: 'contactEmail', href: (value) => `mailto:${value}` },
  { key: 'contactPhone', href: (value) => `tel:${value.replace(/[^\d+]/g, '')}` },
];

export function ImpressumPage() {
  const { t } = useTranslation();
  const { legal } = useRuntimeConfig();
  const incomplete = FIELDS.some(({ key }) => !legal[key]);

  return (
    <Page title={t('impressum.title')} lead={t('impressum.lead')} width="narrow">
      {incomplete ? (
        <p role="note" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {t('impressum.incomplete')}
        </p>
      ) : null}

      <dl className="mt-8 divide-y divide-border rounded-xl border border-border">
        {FIELDS.map(({ key, href }) => (
          <div key={key} className="grid gap-1 p-4 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">{t(`impressum.fields.${key}`)}</dt>
            <dd className="sm:col-span-2">
              <LegalValue value={legal[key]} href={href} />
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-10 space-y-2">
        <h2 className="text-xl font-semibold tracking-tight">{t('impressum.product.title')}</h2>
        <p>
          {legal.operatorName
            ? t('impressum.product.text', { product: t('common.appName'), operator: legal.operatorName })
            : t('impressum.product.textUnnamed', { product: t('common.appName') })}
        </p>
      </section>

      <section className="mt-8 space-y-2">
        <h2 className="text-xl font-semibold tracking-tight">{t('impressum.dispute.title')}</h2>
        <p>{t('impressum.dispute.text')}</p>
      </section>
    </Page>
  );
}
