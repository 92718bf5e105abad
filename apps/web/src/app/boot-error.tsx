import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

/** Shown when the app cannot start (no /config.json); nothing else is available then. */
export function BootError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{t('boot.title')}</h1>
      <p role="alert" className="mt-3 text-muted-foreground">
        {t('boot.description')}
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('boot.reload')}
      </Button>
    </main>
  );
}
