// The event calls' failure texts of spec section 8 ('Error fetching events: {statusText}', ...).
// Network failures and unreadable answers keep the app's general texts.
import { getErrorMessage, INVALID_RESPONSE_CODE, isApiError } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';

const REASON_PHRASE_STATUSES = [400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 500, 502, 503, 504] as const;
type ReasonPhraseStatus = (typeof REASON_PHRASE_STATUSES)[number];

function isReasonPhraseStatus(status: number): status is ReasonPhraseStatus {
  return (REASON_PHRASE_STATUSES as readonly number[]).includes(status);
}

/**
 * The HTTP status in the user's language (the spec's English reason phrase in English): HTTP/2
 * answers carry no status text, and a browser's English one would stand in a German sentence.
 */
export function statusText(status: number, t: TFunction): string {
  return isReasonPhraseStatus(status)
    ? t(`events.errors.status.${status}`)
    : t('events.errors.status.other', { status });
}

function hasStatus(error: unknown): boolean {
  return isApiError(error) && error.status > 0 && error.code !== INVALID_RESPONSE_CODE;
}

export function eventsListErrorMessage(error: unknown, t: TFunction): string {
  if (hasStatus(error) && isApiError(error)) {
    return t('events.errors.fetchList', { statusText: statusText(error.status, t) });
  }
  return getErrorMessage(error, t);
}

export function eventFetchErrorMessage(error: unknown, t: TFunction): string {
  return hasStatus(error) ? t('events.errors.fetchEvent') : getErrorMessage(error, t);
}

export function eventSaveErrorMessage(error: unknown, t: TFunction): string {
  if (hasStatus(error) && isApiError(error)) {
    return t('events.errors.update', { statusText: statusText(error.status, t) });
  }
  return getErrorMessage(error, t);
}

/** 403 and 404 both mean "no event of yours with this id": the page shows not found. */
export function isMissingEvent(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}
