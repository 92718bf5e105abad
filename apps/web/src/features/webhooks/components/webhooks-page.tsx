import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookWithSecret } from '@sp/shared';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { webhooksQueryOptions } from '../api/webhooks';
import { SecretNotice } from './secret-notice';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';

/** Issue 61 point 2: the owner's webhook endpoints; members learn that the owner manages them. */
export function WebhooksPage({ sub }: { sub: string }) {
  const { t } = useTranslation();
  const { data: profile } = useSuspenseQuery(userProfileQueryOptions(sub));
  const owner = profile.organisationRole === 'owner';
  return (
    <Page title={t('webhooks.title')} lead={t('webhooks.lead')} width="wide">
      {owner ? <OwnerWebhooks /> : <p className="mt-8 rounded-lg bg-muted/50 p-6 text-sm">{t('webhooks.ownerOnly')}</p>}
    </Page>
  );
}

function OwnerWebhooks() {
  const { t } = useTranslation();
  const webhooks = useQuery(webhooksQueryOptions());
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const shown = (made: WebhookWithSecret) => setSecret({ url: made.endpoint.url, secret: made.secret });

  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 content-start gap-4">
        {secret ? <SecretNotice url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
        {webhooks.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
        ) : webhooks.isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">{getErrorMessage(webhooks.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void webhooks.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : webhooks.data.endpoints.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
            {t('webhooks.empty')}
          </p>
        ) : (
          webhooks.data.endpoints.map((endpoint) => (
            <WebhookCard key={endpoint.id} endpoint={endpoint} onSecret={shown} />
          ))
        )}
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('webhooks.form.title')}</CardTitle>
            <CardDescription>{t('webhooks.form.lead')}</CardDescription>
          </CardHeader>
          <CardContent>
            <WebhookForm onCreated={shown} />
          </CardContent>
        </Card>
        <section aria-labelledby="webhooks-how" className="rounded-xl bg-muted/50 p-6 text-sm">
          <h2 id="webhooks-how" className="font-semibold">
            {t('webhooks.how.title')}
          </h2>
          <p className="mt-2">{t('webhooks.how.signature')}</p>
          <p className="mt-2">{t('webhooks.how.retries')}</p>
        </section>
      </div>
    </div>
  );
}
