import { useTranslation } from '@/lib/i18n';

/** A legal detail from the operator's configuration, or a visible note that it is missing. */
export function LegalValue({ value, href }: { value: string | null; href?: (value: string) => string }) {
  const { t } = useTranslation();
  if (!value) {
    return <span className="text-muted-foreground italic">{t('legal.notConfigured')}</span>;
  }
  if (href) {
    return (
      <a href={href(value)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
        {value}
      </a>
    );
  }
  return <span className="break-words whitespace-pre-line">{value}</span>;
}
