import { getErrorMessage, isApiError } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';

/** A failed call in the user's language (the code's translation, problems.<code>). */
export const packageErrorMessage = (error: unknown, t: TFunction): string => getErrorMessage(error, t);

export const isSoldOut = (error: unknown) => isApiError(error) && error.code === 'package.sold-out';

export const AMOUNT_PATTERN = /^\d{1,8}([.,]\d{1,2})?$/;
export const toCents = (amount: string) => Math.round(Number(amount.trim().replace(',', '.')) * 100);
export const toAmountInput = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2).replace('.', ',');
