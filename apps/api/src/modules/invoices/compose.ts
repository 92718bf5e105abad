// What a draft or an issued invoice is made of right now: the seller from the organisation's master
// data and billing settings, the buyer from the sponsor's legal details, the VAT treatment (§ 19,
// reverse charge (§ 3a (2), § 14a UStG), not taxable for a buyer outside the EU, a rate, or 0 % with
// its reason) and the lines computed in cents.
import { normaliseEmail } from '../../lib/email.ts';
import { fail } from '../../lib/errors.ts';
import type { BillingSettings } from '../billing/index.ts';
import { lineOf, totalsOf, type LineInput } from './money.ts';
import type { InvoiceDeps, Organiser } from './service.ts';
import { treatmentOf, vatNoteOf, type InvoiceParty, type InvoiceSnapshot } from './snapshot.ts';

export const settingsMissing = (detail = 'Billing settings or the organisation address are missing') =>
  fail('invoice.billing-settings-missing', detail);

export function createComposer(deps: Pick<InvoiceDeps, 'settingsOf' | 'profiles' | 'legalDetails'>) {
  const sellerOf = async (caller: Organiser, settings: BillingSettings): Promise<InvoiceParty> => {
    const profile = await deps.profiles.findByCognitoId(caller.sub);
    const org = profile?.organisation;
    if (!org || !org.street || !org.postalCode || !org.city || !org.country || !org.phoneNumber)
      throw settingsMissing();
    return {
      name: settings.legal_name ?? org.name,
      street: org.street,
      houseNumber: org.houseNumber,
      postalCode: org.postalCode,
      city: org.city,
      country: org.country,
      vatId: settings.vat_id,
      taxNumber: settings.tax_number,
      email: profile.email,
      phone: org.phoneNumber,
    };
  };

  const buyerOf = async (sponsorEmail: string): Promise<{ party: InvoiceParty; language: 'de' | 'en' }> => {
    const legal = await deps.legalDetails(normaliseEmail(sponsorEmail));
    if (!legal) throw fail('invoice.buyer-details-missing', 'The sponsor has not entered their billing details');
    return {
      party: {
        name: legal.legalName,
        street: legal.street,
        houseNumber: legal.houseNumber,
        postalCode: legal.postalCode,
        city: legal.city,
        country: legal.country,
        vatId: legal.vatId,
        taxNumber: null,
        email: legal.billingEmail ?? sponsorEmail,
      },
      language: legal.language,
    };
  };

  /** Seller, buyer, VAT treatment and lines as they are now (a draft follows them until issued). */
  const compose = async (
    caller: Organiser,
    organisationId: number,
    sponsorEmail: string,
    lines: LineInput[],
    choice: {
      rate?: number;
      zeroRateReason?: string | null;
      paymentTermDays?: number | null;
      /** The invoice's language (decision 074); without it, the buyer's legal details say. */
      language?: 'de' | 'en' | null;
    } = {},
  ) => {
    const settings = await deps.settingsOf(organisationId);
    if (!settings) throw settingsMissing();
    const seller = await sellerOf(caller, settings);
    const buyerNow = await buyerOf(sponsorEmail);
    const buyer = buyerNow.party;
    const language = choice.language ?? buyerNow.language;
    let { treatment, rate } = treatmentOf(settings, buyer);
    if ((treatment === 'standard' || treatment === 'zero_rated') && choice.rate !== undefined) {
      rate = choice.rate;
      treatment = rate === 0 ? 'zero_rated' : 'standard';
    }
    const zeroRateReason = choice.zeroRateReason !== undefined ? choice.zeroRateReason : settings.zero_rate_reason;
    if (treatment === 'zero_rated' && !zeroRateReason)
      throw fail('invoice.zero-rate-reason-missing', 'A 0 % rate needs its reason');
    if (treatment === 'reverse_charge' && !seller.vatId)
      throw settingsMissing('Reverse charge needs the seller’s VAT id in the billing settings');
    // The e-invoice of a service outside the scope of VAT (category O) may not name the seller's VAT id
    // (EN 16931 BR-O-02), so the tax number identifies the seller there (BR-CO-26, decision record 026).
    if (treatment === 'not_taxable' && !seller.taxNumber)
      throw fail(
        'invoice.tax-number-missing',
        'An invoice to a buyer outside the EU needs the tax number (Steuernummer) in the billing settings',
      );
    const computed = lines.map((l) => lineOf(l, rate));
    const snapshot: InvoiceSnapshot = {
      seller,
      buyer,
      lines: computed,
      vatNote: vatNoteOf(treatment, language, zeroRateReason),
      bank: { iban: settings.iban, bic: settings.bic, bankName: settings.bank_name },
      // The agreement's term when the sponsorship has one (decision 060), else the billing default.
      paymentTermDays: choice.paymentTermDays ?? settings.payment_term_days,
      cancels: null,
    };
    const totals = totalsOf(computed);
    return {
      settings,
      language,
      snapshot,
      values: {
        vat_treatment: treatment,
        vat_rate: rate,
        zero_rate_reason: treatment === 'zero_rated' ? zeroRateReason : null,
        language,
        net_cents: totals.netCents,
        vat_cents: totals.vatCents,
        gross_cents: totals.grossCents,
      },
    };
  };

  return { compose };
}
