// Profile rules: only the signed-in user reads or changes their own profile; onboarding creates the
// organisation; members share the owner's master data. Deleting the account is the account-deletion
// module's, on top of this one (decision 104).
import type { z } from 'zod';
import {
  ZMasterData,
  type MasterData,
  type ZOnboardingRequest,
  type UpdateUserProfileRequest,
  type UserProfileWire,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { Profile, ProfilesRepository } from './repository.ts';

export type ProfileCaller = { sub: string; email: string };

const MASTER_DATA_KEYS = [
  'organisation_name',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country',
  'phone_number',
] as const;

export function toProfileWire(profile: Profile | undefined, caller: ProfileCaller): UserProfileWire {
  if (!profile) {
    return {
      cognito_id: caller.sub,
      role: null,
      organisation_id: null,
      organisation_name: null,
      profile_picture: null,
      onboarding_completed: false,
      organisation_role: null,
      email: caller.email,
      adresse_id: null,
      street: null,
      house_number: null,
      postal_code: null,
      city: null,
      country: null,
      phone_number: null,
      updated_at: null,
    };
  }
  const org = profile.organisation;
  const updatedAt = org && org.updatedAt > profile.updatedAt ? org.updatedAt : profile.updatedAt;
  return {
    cognito_id: profile.cognitoId,
    role: profile.role,
    organisation_id: profile.organisationId,
    organisation_name: org?.name ?? null,
    profile_picture: profile.profilePicture,
    onboarding_completed: profile.onboardingCompleted,
    organisation_role: profile.organisationRole,
    email: profile.email,
    // The address is part of the organisation's record, so its id is the organisation's.
    adresse_id: org?.id ?? null,
    street: org?.street ?? null,
    house_number: org?.houseNumber ?? null,
    postal_code: org?.postalCode ?? null,
    city: org?.city ?? null,
    country: org?.country ?? null,
    phone_number: org?.phoneNumber ?? null,
    updated_at: updatedAt.toISOString(),
  };
}

function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fail('request.validation-failed', 'Validation failed', fields);
}

export function createProfilesService(deps: { profiles: ProfilesRepository; clock?: () => Date }) {
  const { profiles } = deps;
  const now = deps.clock ?? (() => new Date());

  const assertSelf = (caller: ProfileCaller, cognitoId: string) => {
    if (caller.sub !== cognitoId) throw fail('profile.not-own', 'You can only access your own profile');
  };

  return {
    async get(caller: ProfileCaller, cognitoId: string): Promise<UserProfileWire> {
      assertSelf(caller, cognitoId);
      return toProfileWire(await profiles.findByCognitoId(cognitoId), caller);
    },

    async completeOnboarding(
      caller: ProfileCaller,
      body: z.output<typeof ZOnboardingRequest>,
    ): Promise<UserProfileWire> {
      const existing = await profiles.findByCognitoId(caller.sub);
      if (existing?.onboardingCompleted)
        throw fail('profile.onboarding-done', 'Onboarding is already completed; use PUT to change the profile');
      const { role, ...given } = body;
      // A sponsor's address is asked for later, when an agreement or invoice needs it: empty until then.
      const masterData: MasterData =
        given.street !== undefined
          ? (given as MasterData)
          : {
              organisation_name: given.organisation_name,
              street: '',
              house_number: '',
              postal_code: '',
              city: '',
              country: '',
              phone_number: null,
            };
      await profiles.completeOnboarding(
        { cognitoId: caller.sub, email: caller.email, role: role as NonNullable<typeof role>, masterData },
        now(),
      );
      return toProfileWire(await profiles.findByCognitoId(caller.sub), caller);
    },

    async update(caller: ProfileCaller, cognitoId: string, body: UpdateUserProfileRequest): Promise<UserProfileWire> {
      assertSelf(caller, cognitoId);
      const profile = await profiles.findByCognitoId(cognitoId);
      if (!profile?.onboardingCompleted) throw fail('profile.onboarding-incomplete', 'Complete onboarding first');

      const changesMasterData = MASTER_DATA_KEYS.some((key) => body[key] !== undefined);
      if (changesMasterData) {
        if (!profile.organisation || profile.organisationRole !== 'owner') {
          throw fail('organisation.owner-only', "Only the organisation's owner can change its master data");
        }
        const org = profile.organisation;
        const merged = ZMasterData.safeParse({
          organisation_name: org.name,
          street: org.street,
          house_number: org.houseNumber,
          postal_code: org.postalCode,
          city: org.city,
          country: org.country,
          phone_number: org.phoneNumber,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        });
        if (!merged.success) throw validationError(merged.error.issues);
        await profiles.updateOrganisation(org.id, merged.data, now());
      }
      if (body.role && body.role !== profile.role) await profiles.updateRole(cognitoId, body.role, now());
      return toProfileWire(await profiles.findByCognitoId(cognitoId), caller);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
