import { Link } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { StatusMessage } from './status-message';

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      icon={CompassIcon}
      title={t('notFound.title')}
      actions={
        <Button asChild>
          <Link to="/">{t('common.backToHome')}</Link>
        </Button>
      }
    >
      <p>{t('notFound.description')}</p>
    </StatusMessage>
  );
}
