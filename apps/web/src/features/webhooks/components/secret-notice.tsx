import { CopyIcon, KeyRoundIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';

/** The signing secret of an endpoint just made or rotated: shown this once, to copy into the receiver. */
export function SecretNotice({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      aria-labelledby="webhook-secret-title"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="webhook-secret-title" className="flex items-center gap-2 font-semibold">
        <KeyRoundIcon aria-hidden="true" className="size-4" />
        {t('webhooks.secret.title')}
      </h2>
      <p className="text-sm">{t('webhooks.secret.lead', { url })}</p>
      <p
        className="rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-xs break-all text-foreground dark:bg-black"
        data-testid="webhook-secret"
      >
        {secret}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void copyText(secret).then((ok) =>
              ok ? toast.success(t('webhooks.secret.copied')) : toast.error(t('webhooks.secret.copyFailed')),
            )
          }
        >
          <CopyIcon aria-hidden="true" />
          {t('webhooks.secret.copy')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('webhooks.secret.done')}
        </Button>
      </div>
    </section>
  );
}
