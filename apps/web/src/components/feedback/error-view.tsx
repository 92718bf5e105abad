import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlertIcon } from 'lucide-react';
import { getErrorMessage } from '@/lib/api-error';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { StatusMessage } from './status-message';

/** Router-level error screen: a readable message (never a raw server text) and a retry. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <StatusMessage
      icon={TriangleAlertIcon}
      title={t('errorPage.title')}
      actions={
        <>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('common.retry')}
          </Button>
          <Button asChild variant="outline">
            <Link to="/">{t('common.backToHome')}</Link>
          </Button>
        </>
      }
    >
      <p role="alert">{getErrorMessage(error, t)}</p>
    </StatusMessage>
  );
}
