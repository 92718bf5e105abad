// User profile and organisation master data (spec sections 3, 5 and 7), on the wire in snake_case.
import { z } from 'zod';
import { PHONE_PATTERN, ROLES } from '../limits.ts';
import { isCountryCode } from '../countries.ts';
import { checkPostalCode } from '../postal-codes.ts';

export const ZRole = z.enum(ROLES);
export const ORGANISATION_ROLES = ['owner', 'member'] as const;
export const ZOrganisationRole = z.enum(ORGANISATION_ROLES);

const required = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');

/**
 * The fields of the master data, without the rule across them: zod refuses to pick from or make
 * partial an object schema with a refinement, so the request schemas below start from this one.
 */
export const ZMasterDataFields = z.object({
  organisation_name: required(200),
  street: required(200),
  house_number: required(20),
  postal_code: required(20),
  city: required(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isCountryCode(v), 'invalid_country'),
  phone_number: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'invalid_phone')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** Master data of spec section 5: the form on onboarding step 2 and in the profile drawer. The postal code fits the country. */
export const ZMasterData = ZMasterDataFields.superRefine(checkPostalCode);
export type MasterData = z.infer<typeof ZMasterData>;

export const ZUserProfile = z.object({
  cognito_id: z.string(),
  role: ZRole.nullable(),
  organisation_id: z.number().int().nullable(),
  organisation_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  onboarding_completed: z.boolean(),
  organisation_role: ZOrganisationRole.nullable(),
  email: z.string(),
  adresse_id: z.number().int().nullable(),
  street: z.string().nullable(),
  house_number: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone_number: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type UserProfileWire = z.infer<typeof ZUserProfile>;

export const ZGetUserProfileResponse = z.object({ user: ZUserProfile });
export type GetUserProfileResponse = z.infer<typeof ZGetUserProfileResponse>;

/** POST /user-profile: finishes onboarding with a role and the organisation's master data. */
export const ZCreateUserProfileRequest = ZMasterData.extend({ role: ZRole });
export type CreateUserProfileRequest = z.input<typeof ZCreateUserProfileRequest>;

const ADDRESS_FIELDS = ['street', 'house_number', 'postal_code', 'city', 'country'] as const;

/**
 * POST /user-profile: the role and the organisation's master data. A sponsor may give the
 * organisation's name alone (issue 21, point 7): the address is asked for when an agreement or
 * invoice needs it, and stays empty until then. Anyone else, or a sponsor giving any part of the
 * address, gives all of it.
 */
export const ZOnboardingRequest = ZMasterDataFields.partial({
  street: true,
  house_number: true,
  postal_code: true,
  city: true,
  country: true,
})
  .extend({ role: ZRole })
  .superRefine((value, ctx) => {
    const addressGiven = ADDRESS_FIELDS.some((field) => value[field] !== undefined);
    if (value.role === 'sponsor' && !addressGiven) return;
    for (const field of ADDRESS_FIELDS) {
      if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
    checkPostalCode(value, ctx);
  });
export type OnboardingRequest = z.input<typeof ZOnboardingRequest>;

/**
 * PUT /user-profile/{cognitoId}: a partial change of role and/or master data after onboarding. The
 * server merges it with the stored data and validates the result with ZMasterData. Only the
 * organisation's owner changes master data (members share it). Unknown fields are dropped.
 */
export const ZUpdateUserProfileRequest = ZMasterDataFields.partial().extend({ role: ZRole.optional() });
export type UpdateUserProfileRequest = z.input<typeof ZUpdateUserProfileRequest>;
