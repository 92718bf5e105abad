import { InfoIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';

/** The short form of decision 025 for the signers: what kind of signature this is and what the record proves. */
export function SignatureExplanation() {
  const { t } = useTranslation();
  return (
    <details className="rounded-md border border-border bg-muted/40 p-3 text-sm" data-testid="signature-explanation">
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <InfoIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('agreements.explain.title')}
      </summary>
      <div className="mt-2 grid gap-2 text-muted-foreground">
        <p>{t('agreements.explain.kind')}</p>
        <p>{t('agreements.explain.proves')}</p>
        <p>{t('agreements.explain.limits')}</p>
      </div>
    </details>
  );
}
