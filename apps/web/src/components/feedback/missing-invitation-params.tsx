import { Link } from '@tanstack/react-router';
import { MailWarningIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { StatusMessage } from './status-message';

/** Spec: an invitation link without token or e-mail is an error ('Token and email are required'). */
export function MissingInvitationParams() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      icon={MailWarningIcon}
      title={t('invite.error.missingParams')}
      actions={
        <Button asChild variant="outline">
          <Link to="/">{t('common.backToHome')}</Link>
        </Button>
      }
    >
      <p role="alert">{t('invite.hint')}</p>
    </StatusMessage>
  );
}
