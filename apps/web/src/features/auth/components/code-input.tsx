import type { ComponentProps } from 'react';
import { RESET_CODE_LENGTH } from '@sp/shared';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * The six-digit code from the e-mail. Offered for autofill from the mail (one-time-code), shows
 * the numeric keyboard, and keeps only digits, so a pasted "123 456" works too.
 */
export function CodeInput({ className, onChange, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      className={cn('h-12 text-center font-mono text-xl tracking-[0.5em] md:text-xl', className)}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
        if (digits !== event.target.value) event.target.value = digits;
        onChange?.(event);
      }}
    />
  );
}
