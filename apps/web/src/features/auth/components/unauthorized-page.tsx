import { Link } from '@tanstack/react-router';
import { ShieldAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusMessage } from '@/components/feedback/status-message';
import { isSignedIn, useAuth } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  return (
    <StatusMessage
      icon={ShieldAlertIcon}
      title={t('unauthorized.title')}
      actions={
        <>
          <Button asChild>
            <Link to="/">{t('common.backToHome')}</Link>
          </Button>
          {isSignedIn(status) ? (
            <Button asChild variant="outline">
              <Link to="/profile/">{t('nav.profile')}</Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/login/">{t('nav.login')}</Link>
            </Button>
          )}
        </>
      }
    >
      <p>{t('unauthorized.description', { organiser: t('roles.veranstalter'), both: t('roles.beides') })}</p>
    </StatusMessage>
  );
}
