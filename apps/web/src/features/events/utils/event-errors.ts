// The event calls' failure texts of spec section 8 ('Error fetching events: {statusText}', ...).
// Network failures and unreadable answers keep the app's general texts.
import { getErrorMessage, INVALID_RESPONSE_CODE, isApiError } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';

/** HTTP reason phrases: HTTP/2 answers carry no status text, so it is looked up by code. */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  return REASON_PHRASES[status] ?? `HTTP ${status}`;
}

function hasStatus(error: unknown): boolean {
  return isApiError(error) && error.status > 0 && error.code !== INVALID_RESPONSE_CODE;
}

export function eventsListErrorMessage(error: unknown, t: TFunction): string {
  if (hasStatus(error) && isApiError(error)) {
    return t('events.errors.fetchList', { statusText: statusText(error.status) });
  }
  return getErrorMessage(error, t);
}

export function eventFetchErrorMessage(error: unknown, t: TFunction): string {
  return hasStatus(error) ? t('events.errors.fetchEvent') : getErrorMessage(error, t);
}

export function eventSaveErrorMessage(error: unknown, t: TFunction): string {
  if (hasStatus(error) && isApiError(error)) {
    return t('events.errors.update', { statusText: statusText(error.status) });
  }
  return getErrorMessage(error, t);
}

/** 403 and 404 both mean "no event of yours with this id": the page shows not found. */
export function isMissingEvent(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}
