// The profile calls' failure texts of spec section 8 ("Error fetching user profile: 404"). Network
// and unreadable answers keep the app's general texts.
import { getErrorMessage, INVALID_RESPONSE_CODE, isApiError } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';

export function profileErrorMessage(error: unknown, kind: 'fetch' | 'update', t: TFunction): string {
  if (isApiError(error) && error.status > 0 && error.code !== INVALID_RESPONSE_CODE) {
    return kind === 'fetch'
      ? t('profile.errors.fetch', { status: error.status })
      : t('profile.errors.update', { status: error.status });
  }
  return getErrorMessage(error, t);
}
