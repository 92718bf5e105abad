import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useDelayedPending } from '../hooks/use-delayed-pending';

/** The form's submit button; shows a spinner only when the submission takes a while. */
export function SubmitButton({
  pending,
  children,
  className,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const showSpinner = useDelayedPending(pending);
  return (
    <Button type="submit" size="lg" className={cn('w-full', className)} aria-busy={pending || undefined} {...props}>
      {showSpinner ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
      {children}
      {showSpinner ? <span className="sr-only">{t('auth.pleaseWait')}</span> : null}
    </Button>
  );
}
