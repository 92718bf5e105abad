// A sponsor's legal and billing details (issues 19 and 20): the party a generated agreement names and
// the buyer an invoice is made out to. One record per sponsor address, read and written like the
// public profile (the account or the guest link of any of the address's sponsorships). Agreements and
// invoices read it through the module's API and keep their own copy of what they used.
import type { SponsorLegalDetailsResponse, ZSponsorLegalDetails } from '@sp/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbTime } from '../../db/values.ts';

export type SponsorLegalDetails = {
  legalName: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string | null;
  billingEmail: string | null;
  language: 'de' | 'en';
  updatedAt: Date;
};

type Row = {
  legal_name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country: string;
  vat_id: string | null;
  billing_email: string | null;
  language: 'de' | 'en';
  updated_at: string | Date;
};

const toDetails = (row: Row): SponsorLegalDetails => ({
  legalName: row.legal_name,
  street: row.street,
  houseNumber: row.house_number,
  postalCode: row.postal_code,
  city: row.city,
  country: row.country,
  vatId: row.vat_id,
  billingEmail: row.billing_email,
  language: row.language === 'en' ? 'en' : 'de',
  updatedAt: fromDbTime(row.updated_at),
});

export const toLegalDetailsWire = (details: SponsorLegalDetails | null): SponsorLegalDetailsResponse => ({
  legal_details: details && {
    legal_name: details.legalName,
    street: details.street,
    house_number: details.houseNumber,
    postal_code: details.postalCode,
    city: details.city,
    country: details.country,
    vat_id: details.vatId,
    billing_email: details.billingEmail,
    language: details.language,
    updated_at: details.updatedAt.toISOString(),
  },
});

export function createLegalDetailsRepository(db: Db) {
  const find = async (email: string): Promise<SponsorLegalDetails | null> => {
    const row = await db
      .selectFrom('sponsor_legal_details')
      .selectAll()
      .where('email_normalized', '=', email)
      .executeTakeFirst();
    return row ? toDetails(row) : null;
  };

  return {
    find,

    async save(email: string, body: z.output<typeof ZSponsorLegalDetails>, now: Date): Promise<SponsorLegalDetails> {
      const values = {
        legal_name: body.legal_name,
        street: body.street,
        house_number: body.house_number,
        postal_code: body.postal_code,
        city: body.city,
        country: body.country,
        vat_id: body.vat_id,
        billing_email: body.billing_email,
        language: body.language,
        updated_at: toDbTime(now),
      };
      await db
        .insertInto('sponsor_legal_details')
        .values({ email_normalized: email, ...values })
        .onConflict((oc) => oc.column('email_normalized').doUpdateSet(values))
        .execute();
      return (await find(email))!;
    },

    /** Account deletion: documents made from the details keep their own copies (decision 010). */
    async remove(email: string): Promise<void> {
      await db.deleteFrom('sponsor_legal_details').where('email_normalized', '=', email).execute();
    },
  };
}

export type LegalDetailsRepository = ReturnType<typeof createLegalDetailsRepository>;
