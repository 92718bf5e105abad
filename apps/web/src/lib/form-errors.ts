// Maps a failed save onto the form: an API validation answer's per-field codes become field errors
// (STYLE rule 5); the caller shows anything else as a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Sets the errors of `fields` named in the API's answer and returns the first such field (to
 * focus once the form is enabled again), or null when the answer names none of them.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): Path<T> | null {
  if (!isApiError(error) || !error.fields) return null;
  let first: Path<T> | null = null;
  for (const field of fields) {
    const code = error.fields[field];
    if (!code) continue;
    setError(field, { type: 'server', message: code });
    first ??= field;
  }
  return first;
}
