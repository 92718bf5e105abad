import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';

const KNOWN = {
  'package.sold-out': 'packages.errors.soldOut',
  'package.not-offered': 'packages.errors.notOffered',
  'package.in-use': 'packages.errors.inUse',
  'package.capacity-below-sold': 'packages.errors.capacityBelowSold',
  'sponsorship.decided': 'packages.errors.decided',
} as const;

/** A known domain code in the user's language; anything else as the API client words it. */
export function packageErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && Object.hasOwn(KNOWN, error.code)) return t(KNOWN[error.code as keyof typeof KNOWN]);
  return getErrorMessage(error, t);
}

export const isSoldOut = (error: unknown) => isApiError(error) && error.code === 'package.sold-out';

export const AMOUNT_PATTERN = /^\d{1,8}([.,]\d{1,2})?$/;
export const toCents = (amount: string) => Math.round(Number(amount.trim().replace(',', '.')) * 100);
export const toAmountInput = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2).replace('.', ',');
