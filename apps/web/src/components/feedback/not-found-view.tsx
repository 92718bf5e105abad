import { Link } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
