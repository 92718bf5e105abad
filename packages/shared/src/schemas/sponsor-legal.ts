// A sponsor's legal and billing details: the party named in a generated agreement and the buyer of
// an invoice (issues 19 and 20). Like the public profile they belong to the sponsor's address, so the
// invitation link and the account reach the same record. snake_case on the wire.
import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { checkPostalCode } from '../postal-codes.ts';
import { INVITE_EMAIL_PATTERN } from './invitations.ts';

export const SPONSOR_LEGAL_LIMITS = {
  legalName: 200,
  street: 200,
  houseNumber: 20,
  postalCode: 20,
  city: 100,
  vatId: 20,
  email: 320,
} as const;

const required = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');

/**
 * A VAT identification number as printed on invoices, with spaces, dots and dashes taken out:
 * - an EU one: the country prefix and 2 to 12 letters or digits (EL for Greece, XI for Northern
 *   Ireland); whether it is registered is not checked here (that needs the EU's VIES service);
 * - the neighbours' outside the EU whose sponsors German events meet most: the Swiss UID with its
 *   VAT suffix (CHE-123.456.789 MWST, TVA or IVA), the UK's (GB and 9 or 12 digits, GBGD/GBHA and
 *   3 digits) and Norway's (NO, 9 digits, MVA). Such a buyer is invoiced without German VAT
 *   (decision 026), so the number is printed, never used for the VAT treatment.
 */
export const VAT_ID_PATTERN =
  /^(?:(?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}|CHE[0-9]{9}(?:MWST|TVA|IVA)?|GB(?:[0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})|NO[0-9]{9}MVA)$/;

const SponsorLegalFields = z.object({
  legal_name: required(SPONSOR_LEGAL_LIMITS.legalName),
  street: required(SPONSOR_LEGAL_LIMITS.street),
  house_number: required(SPONSOR_LEGAL_LIMITS.houseNumber),
  postal_code: required(SPONSOR_LEGAL_LIMITS.postalCode),
  city: required(SPONSOR_LEGAL_LIMITS.city),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isCountryCode(v), 'invalid_country'),
  vat_id: z
    .string()
    .max(40, 'too_long')
    .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
    .refine((v) => v === '' || VAT_ID_PATTERN.test(v), 'invalid_vat_id')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  billing_email: z
    .string()
    .trim()
    .max(SPONSOR_LEGAL_LIMITS.email, 'too_long')
    .refine((v) => v === '' || INVITE_EMAIL_PATTERN.test(v), 'invalid_email')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  /** The language of the sponsor's documents and e-mails about them. */
  language: z.enum(['de', 'en']).default('de'),
});

/** What the sponsor enters: the fields above, with a postal code that fits the country. */
export const ZSponsorLegalDetails = SponsorLegalFields.superRefine(checkPostalCode);
export type SponsorLegalDetailsInput = z.input<typeof ZSponsorLegalDetails>;

/** What is stored and answered: every field present, nulls where the sponsor left one out. */
export const ZSponsorLegalDetailsWire = z.object({
  legal_name: z.string(),
  street: z.string(),
  house_number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
  vat_id: z.string().nullable(),
  billing_email: z.string().nullable(),
  language: z.enum(['de', 'en']),
  updated_at: z.string(),
});
export type SponsorLegalDetailsWire = z.infer<typeof ZSponsorLegalDetailsWire>;

/** GET and PUT /sponsor-profile/legal */
export const ZSponsorLegalDetailsResponse = z.object({ legal_details: ZSponsorLegalDetailsWire.nullable() });
export type SponsorLegalDetailsResponse = z.infer<typeof ZSponsorLegalDetailsResponse>;
