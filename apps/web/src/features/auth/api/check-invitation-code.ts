import { ZCheckInviteCodeResponse } from '@sp/shared';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/**
 * GET /invite/{code}: the registration form's check (spec section 5: only ok or not ok is used).
 * A 404 means the code is not valid; any other failure is thrown for the form to report.
 */
export async function checkInvitationCode(code: string, options: { signal?: AbortSignal } = {}): Promise<boolean> {
  try {
    await api.get(`/invite/${encodeURIComponent(code)}`, {
      auth: 'none',
      schema: ZCheckInviteCodeResponse,
      ...options,
    });
    return true;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return false;
    throw error;
  }
}
