// Billing settings rules: every organiser of the organisation reads them, only its owner changes them.
// IBAN and BIC are checked by @sp/shared's one check (the web form's too: checksum, country format); the number format needs exactly
// one counter placeholder; a tax number or VAT id is required (§ 14 (4) Nr. 2 UStG); a 0 % default
// rate needs its reason. The seller's name and address come from the organisation's master data.
import {
  isValidBic,
  isValidIban,
  normaliseBic,
  normaliseIban,
  type BillingSettingsInput,
  type BillingSettingsResponse,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import type { ProfilesApi } from '../profiles/index.ts';
import { isValidNumberFormat } from './number-format.ts';
import type { BillingRepository, BillingSettings } from './repository.ts';

type Caller = { sub: string; email?: string | undefined };

export type Seller = {
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string | null;
};

/** The input with IBAN and BIC in their electronic format (no spaces, upper case); throws 400 when invalid. */
export function checkedSettings(input: BillingSettingsInput): BillingSettingsInput {
  const iban = normaliseIban(input.iban);
  if (!isValidIban(iban)) throw fail('billing.iban-invalid', 'The IBAN is not valid', { iban: 'invalid' });
  const bic = normaliseBic(input.bic);
  if (!isValidBic(bic)) throw fail('billing.bic-invalid', 'The BIC is not valid', { bic: 'invalid' });
  if (!isValidNumberFormat(input.number_format))
    throw fail('billing.number-format-invalid', 'The number format needs exactly one {N…} counter');
  if (!input.tax_number && !input.vat_id) throw fail('billing.tax-id-missing', 'A tax number or a VAT id is required');
  if (!input.small_business && input.default_vat_rate === 0 && !input.zero_rate_reason)
    throw fail('billing.zero-rate-reason-missing', 'A 0 % rate needs its reason');
  return { ...input, iban, bic };
}

export function createBillingService(deps: {
  repo: BillingRepository;
  access: Pick<EventAccess, 'assertOrganiserOf'>;
  profiles: Pick<ProfilesApi, 'findByCognitoId'>;
  clock?: (() => Date) | undefined;
}) {
  const { repo, access, profiles } = deps;
  const now = deps.clock ?? (() => new Date());

  const sellerOf = async (caller: Caller): Promise<Seller | null> => {
    const organisation = (await profiles.findByCognitoId(caller.sub))?.organisation;
    if (!organisation) return null;
    return { ...organisation };
  };

  const answer = async (caller: Caller, organisationId: number): Promise<BillingSettingsResponse> => {
    const [settings, seller] = await Promise.all([repo.find(organisationId), sellerOf(caller)]);
    const master = {
      name: seller?.name ?? '',
      street: seller?.street ?? '',
      house_number: seller?.houseNumber ?? '',
      postal_code: seller?.postalCode ?? '',
      city: seller?.city ?? '',
      country: seller?.country ?? '',
    };
    const missing: BillingSettingsResponse['missing'] = [];
    if (!settings) missing.push('settings');
    if (!master.street || !master.postal_code || !master.city || !master.country) missing.push('address');
    if (!seller?.phoneNumber) missing.push('phone');
    return { settings, master_data: master, missing };
  };

  return {
    /** GET /organisation/{id}/billing-settings */
    async get(caller: Caller, organisationId: number): Promise<BillingSettingsResponse> {
      await access.assertOrganiserOf(caller, organisationId);
      return answer(caller, organisationId);
    },

    /** PUT /organisation/{id}/billing-settings (the owner) */
    async put(caller: Caller, organisationId: number, input: BillingSettingsInput): Promise<BillingSettingsResponse> {
      await access.assertOrganiserOf(caller, organisationId);
      const profile = await profiles.findByCognitoId(caller.sub);
      if (profile?.organisationRole !== 'owner')
        throw fail('organisation.owner-only', "Only the organisation's owner changes its billing settings");
      await repo.save(organisationId, checkedSettings(input), caller.email ?? profile.email, now());
      return answer(caller, organisationId);
    },

    /** For the invoices module: the settings, or null. */
    settingsOf: (organisationId: number): Promise<BillingSettings | null> => repo.find(organisationId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
