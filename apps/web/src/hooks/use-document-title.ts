import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

/** Sets the tab title to "<title> · <app name>" while the page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
