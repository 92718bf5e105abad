import { Link } from '@tanstack/react-router';
import { LinkIcon } from 'lucide-react';
import { StatusMessage } from '@/components/feedback/status-message';
import { Button } from '@/components/ui/button';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';

/**
 * A link whose invitation could not be loaded: 404 is the spec's "invalid or expired" text, 410 a
 * link the organisation revoked (issue 21, point 5).
 */
export function InvitationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const revoked = isApiError(error) && error.code === 'invitation.revoked';
  const notFound = revoked || (isApiError(error) && error.status === 404);
  const title = revoked ? t('invitations.revoked') : notFound ? t('invitations.notFound') : t('invitations.loadError');
  return (
    <StatusMessage
      icon={LinkIcon}
      title={title}
      actions={
        <>
          {notFound ? null : <Button onClick={onRetry}>{t('common.retry')}</Button>}
          <Button asChild variant="outline">
            <Link to="/">{t('common.backToHome')}</Link>
          </Button>
        </>
      }
    >
      <p role="alert">{notFound ? t('invitations.notFoundHint') : getErrorMessage(error, t)}</p>
    </StatusMessage>
  );
}
