import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form control with its hint and error. Error messages are i18n keys (from the zod
 * schemas or from mapped server errors); an error without a message only marks the field invalid.
 */
export function FormField({
  label,
  error,
  hint,
  labelAside,
  children,
}: {
  label: ReactNode;
  /** A react-hook-form FieldError or the like. */
  error?: { message?: string };
  hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a "forgot password" link. */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = error?.message
    ? i18n.exists(error.message)
      ? t(error.message as TranslationKey)
      : error.message
    : null;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
