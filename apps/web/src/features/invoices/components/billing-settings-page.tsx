import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from 'lucide-react';
import type { BillingSettingsResponse } from '@sp/shared';
import { Page } from '@/components/layout/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { countryName } from '@/lib/countries';
import { useTranslation } from '@/lib/i18n';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { billingSettingsQueryOptions } from '../api/billing-settings';
import { BillingSettingsForm } from './billing-settings-form';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The seller's name and address from the master data, and what is still missing before issuing. */
function SellerCard({ answer }: { answer: BillingSettingsResponse }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { master_data: seller, missing } = answer;
  const street = [seller.street, seller.house_number].filter(Boolean).join(' ');
  const city = [seller.postal_code, seller.city].filter(Boolean).join(' ');
  return (
    <Card className="min-w-0 self-start">
      <CardHeader>
        <CardTitle>{t('invoices.settings.seller.title')}</CardTitle>
        <CardDescription>{t('invoices.settings.seller.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <address className="not-italic" data-testid="seller-address">
          <span className="block font-medium break-words">{seller.name}</span>
          {street ? <span className="block break-words">{street}</span> : null}
          {city ? <span className="block break-words">{city}</span> : null}
          {seller.country ? <span className="block">{countryName(seller.country, language)}</span> : null}
          {!street || !city ? (
            <span className="block text-muted-foreground">{t('invoices.settings.seller.noAddress')}</span>
          ) : null}
        </address>
        <Link to="/profile" className={linkClass}>
          {t('invoices.settings.seller.edit')}
        </Link>
        <div className="rounded-lg bg-muted/50 p-3" role="status" data-testid="billing-missing">
          {missing.length === 0 ? (
            <p className="flex items-start gap-2">
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {t('invoices.settings.missing.ready')}
            </p>
          ) : (
            <>
              <p className="font-medium">{t('invoices.settings.missing.title')}</p>
              <ul className="mt-1 grid gap-1">
                {missing.map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                    {t(`invoices.settings.missing.${item}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Issue 20, point 1: the organisation's billing settings; the owner edits, members read. */
export function BillingSettingsPage({ sub }: { sub: string }) {
  const { t } = useTranslation();
  const { data: profile } = useSuspenseQuery(userProfileQueryOptions(sub));
  const organisationId = profile.organisationId ?? 0;
  const settings = useQuery({ ...billingSettingsQueryOptions(organisationId), enabled: organisationId > 0 });
  const canEdit = profile.organisationRole === 'owner';

  return (
    <Page title={t('invoices.settings.title')} lead={t('invoices.settings.lead')} width="wide">
      {settings.isPending ? (
        <p className="mt-8 flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : settings.isError ? (
        <p className="mt-8 text-sm text-destructive" role="alert">
          {t('invoices.loadFailed', { message: getErrorMessage(settings.error, t) })}
        </p>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            {!canEdit ? (
              <p className="mb-4 rounded-lg border border-border bg-muted/50 p-3 text-sm" role="note">
                {t('invoices.settings.readOnly')}
              </p>
            ) : null}
            <BillingSettingsForm
              organisationId={organisationId}
              settings={settings.data.settings}
              organisationName={settings.data.master_data.name}
              canEdit={canEdit}
            />
          </div>
          <SellerCard answer={settings.data} />
        </div>
      )}
    </Page>
  );
}
