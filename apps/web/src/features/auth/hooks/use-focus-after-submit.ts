import { useCallback, useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Fields sit in a disabled fieldset while the form submits (validation included), so neither
 * react-hook-form's own focus on the first invalid field nor a field marked by the server's answer
 * can take the focus during the submission. Once it is over, this focuses the field asked for
 * with the returned function, or else the first invalid one.
 */
export function useFocusAfterSubmit<T extends FieldValues>(form: UseFormReturn<T>): (name: FieldPath<T>) => void {
  const pending = useRef<FieldPath<T> | null>(null);
  const wasSubmitting = useRef(false);
  const { isSubmitting, errors } = form.formState;
  const { setFocus } = form;

  useEffect(() => {
    const finished = wasSubmitting.current && !isSubmitting;
    wasSubmitting.current = isSubmitting;
    if (!finished) return;
    const target = pending.current ?? (Object.keys(errors).find((name) => name !== 'root') as FieldPath<T> | undefined);
    pending.current = null;
    if (target) setFocus(target, { shouldSelect: true });
  }, [isSubmitting, errors, setFocus]);

  return useCallback((name) => {
    pending.current = name;
  }, []);
}
