import { Link } from '@tanstack/react-router';
import { LockIcon } from 'lucide-react';
import { StatusMessage } from '@/components/feedback/status-message';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** Spec section 8: neither a signed-in user nor guest parameters. */
export function ChatNotAuthenticated({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      icon={LockIcon}
      title={t('chat.notAuthenticated.title')}
      actions={
        <Button asChild>
          <Link to="/login/" search={{ redirect }}>
            {t('chat.notAuthenticated.login')}
          </Link>
        </Button>
      }
    >
      <p role="alert">{t('chat.notAuthenticated.text')}</p>
    </StatusMessage>
  );
}
