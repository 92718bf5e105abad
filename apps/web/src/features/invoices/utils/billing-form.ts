// The billing settings form's values (strings, as typed) and their checks in the browser; the
// server checks the same again (IBAN and BIC with the one check in @sp/shared, the number format's
// placeholders).
import { z } from 'zod';
import {
  DEFAULT_NUMBER_FORMAT,
  groupIban,
  INVOICE_LIMITS,
  isValidBic,
  isValidIban,
  normaliseIban,
  type BillingSettingsInput,
  type BillingSettingsWire,
} from '@sp/shared';
import { numberFormatProblem } from './number-format';

const E = 'invoices.settings.errors.';
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { error: `${E}number` });

const VAT_ID_PATTERN = /^[A-Z]{2}[0-9A-Z+*]{2,12}$/;
const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const billingFormSchema = z
  .object({
    legal_name: z
      .string()
      .trim()
      .max(INVOICE_LIMITS.legalName, { error: `${E}tooLong` }),
    tax_number: z
      .string()
      .trim()
      .max(INVOICE_LIMITS.taxNumber, { error: `${E}tooLong` }),
    vat_id: z.string().refine((value) => value.trim() === '' || VAT_ID_PATTERN.test(compact(value)), {
      error: `${E}vatIdInvalid`,
    }),
    iban: z.string().refine(isValidIban, { error: `${E}ibanInvalid` }),
    bic: z.string().refine(isValidBic, { error: `${E}bicInvalid` }),
    bank_name: z
      .string()
      .trim()
      .max(INVOICE_LIMITS.bankName, { error: `${E}tooLong` }),
    payment_term_days: wholeNumber(0, INVOICE_LIMITS.paymentTermDays),
    number_format: z.string().superRefine((value, ctx) => {
      const problem = numberFormatProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${E}format.${problem}` });
      else if (value.trim().length > INVOICE_LIMITS.numberFormat)
        ctx.addIssue({ code: 'custom', message: `${E}tooLong` });
    }),
    small_business: z.boolean(),
    default_vat_rate: z.enum(['19', '7', '0']),
    zero_rate_reason: z
      .string()
      .trim()
      .max(INVOICE_LIMITS.zeroRateReason, { error: `${E}tooLong` }),
    reminders_enabled: z.boolean(),
    reminder_stages: wholeNumber(1, INVOICE_LIMITS.reminderStages),
    reminder_interval_days: wholeNumber(1, 60),
  })
  .superRefine((values, ctx) => {
    if (!values.tax_number.trim() && !values.vat_id.trim()) {
      ctx.addIssue({ code: 'custom', path: ['tax_number'], message: `${E}taxIdMissing` });
    }
    if (!values.small_business && values.default_vat_rate === '0' && !values.zero_rate_reason.trim()) {
      ctx.addIssue({ code: 'custom', path: ['zero_rate_reason'], message: `${E}zeroReason` });
    }
  });

export type BillingFormValues = z.input<typeof billingFormSchema>;

/** The ranges of the whole-number fields, for their error text. */
export const NUMBER_RANGES = {
  payment_term_days: { min: 0, max: INVOICE_LIMITS.paymentTermDays },
  reminder_stages: { min: 1, max: INVOICE_LIMITS.reminderStages },
  reminder_interval_days: { min: 1, max: 60 },
} as const;

export function toFormValues(settings: BillingSettingsWire | null): BillingFormValues {
  return {
    legal_name: settings?.legal_name ?? '',
    tax_number: settings?.tax_number ?? '',
    vat_id: settings?.vat_id ?? '',
    iban: settings ? groupIban(settings.iban) : '',
    bic: settings?.bic ?? '',
    bank_name: settings?.bank_name ?? '',
    payment_term_days: String(settings?.payment_term_days ?? 14),
    number_format: settings?.number_format ?? DEFAULT_NUMBER_FORMAT,
    small_business: settings?.small_business ?? false,
    default_vat_rate: String(settings?.default_vat_rate ?? 19) as BillingFormValues['default_vat_rate'],
    zero_rate_reason: settings?.zero_rate_reason ?? '',
    reminders_enabled: settings?.reminders_enabled ?? true,
    reminder_stages: String(settings?.reminder_stages ?? 2),
    reminder_interval_days: String(settings?.reminder_interval_days ?? 7),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toInput(values: BillingFormValues): BillingSettingsInput {
  const rate = Number(values.default_vat_rate) as BillingSettingsInput['default_vat_rate'];
  return {
    legal_name: orNull(values.legal_name),
    tax_number: orNull(values.tax_number),
    vat_id: orNull(compact(values.vat_id)),
    iban: normaliseIban(values.iban),
    bic: compact(values.bic),
    bank_name: orNull(values.bank_name),
    payment_term_days: Number(values.payment_term_days),
    number_format: values.number_format.trim(),
    small_business: values.small_business,
    default_vat_rate: rate,
    zero_rate_reason: !values.small_business && rate === 0 ? orNull(values.zero_rate_reason) : null,
    reminders_enabled: values.reminders_enabled,
    reminder_stages: Number(values.reminder_stages),
    reminder_interval_days: Number(values.reminder_interval_days),
  };
}

/** The server's refusals that belong to one field. */
export const FIELD_OF_CODE: Record<string, keyof BillingFormValues> = {
  'billing.iban-invalid': 'iban',
  'billing.bic-invalid': 'bic',
  'billing.number-format-invalid': 'number_format',
  'billing.tax-id-missing': 'tax_number',
  'billing.zero-rate-reason-missing': 'zero_rate_reason',
};
