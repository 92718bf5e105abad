// The sponsor's side: the profile of their address (public name, descriptions, website, logo), read
// and written with the account or with the guest link of any of their sponsorships (the address is
// what identifies a sponsor, decision 005, so both reach the same profile; an account's organisation
// plays no part), and the consent per sponsorship to be shown on its event's wall.
import type {
  SaveSponsorProfileRequest,
  SponsorLegalDetailsResponse,
  SponsorProfileResponse,
  SponsorProfileWire,
  ZSponsorLegalDetails,
} from '@sp/shared';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { fail, unauthenticated } from '../../lib/errors.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { BlobStore } from '../../ports/blobs/index.ts';
import type { SponsorAccess } from '../access/index.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import { toLegalDetailsWire, type LegalDetailsRepository } from './legal-details.ts';
import { reencodeLogo } from './logo-image.ts';
import type { ProfileRecord, SponsorProfilesRepository } from './repository.ts';

export const LOGO_CONTENT_TYPE = 'image/webp';

/** The public address of a stored logo: the profile's id and the content hash of the bytes. */
export function logoUrl(profileId: number, logoKey: string): string {
  const file = logoKey.slice(logoKey.lastIndexOf('/') + 1);
  return `/api/public/sponsor-logos/${profileId}/${file}`;
}

export const logoKeyOf = (profileId: number, hash: string) => `sponsor-logos/${profileId}/${hash}.webp`;

function toProfileWire(profile: ProfileRecord | undefined): SponsorProfileWire {
  if (!profile) {
    return { public_name: '', description_de: '', description_en: '', website: null, logo: null, updated_at: null };
  }
  return {
    public_name: profile.publicName,
    description_de: profile.descriptionDe,
    description_en: profile.descriptionEn,
    website: profile.website,
    logo:
      profile.logoKey && profile.logoWidth && profile.logoHeight
        ? { url: logoUrl(profile.id, profile.logoKey), width: profile.logoWidth, height: profile.logoHeight }
        : null,
    updated_at: profile.updatedAt.toISOString(),
  };
}

export function createSponsorProfilesService(deps: {
  repo: SponsorProfilesRepository;
  legal: LegalDetailsRepository;
  store: BlobStore;
  sponsors: SponsorAccess;
  parties: SponsorshipParties;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** Tells the logo deliverables that the address has a logo now (EventMap 'sponsor-profile.logo-set'). */
  logoSet: (payload: { sponsorEmailNormalized: string; actor: string }) => Promise<void>;
  /** What the public walls show changed (all events when no id is given). */
  changed: (eventId?: number) => void;
}) {
  const { repo, store, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The caller's sponsor address, and for a guest the one sponsorship the link opens. */
  const sponsorOf = async (caller: SponsorshipCaller): Promise<{ email: string; only: number | null }> => {
    if (caller.kind === 'guest') {
      const id = await deps.sponsors.guestSponsorshipId(caller.guest);
      if (id === null) throw unauthenticated('The invitation link is not valid');
      return { email: normaliseEmail(caller.guest.email), only: id };
    }
    const email = caller.email ? normaliseEmail(caller.email) : '';
    if (!email || !(await repo.isSponsor(email))) {
      throw fail('sponsor-profile.sponsors-only', 'Only sponsors have a sponsor profile');
    }
    return { email, only: null };
  };

  const answer = async (sponsor: { email: string; only: number | null }): Promise<SponsorProfileResponse> => {
    const consents = await repo.consentsOf(sponsor.email, sponsor.only);
    return {
      profile: toProfileWire(await repo.findProfile(sponsor.email)),
      consents: consents.map((c) => ({
        sponsorship_id: c.sponsorshipId,
        event_title: c.eventTitle,
        organisation_name: c.organisationName,
        status: c.status,
        show_on_wall: c.showOnWall,
      })),
    };
  };

  const removeBlob = async (key: string) => {
    try {
      await store.delete(key);
    } catch (error) {
      log.error({ err: error }, 'could not remove a replaced sponsor logo');
    }
  };

  return {
    async get(caller: SponsorshipCaller): Promise<SponsorProfileResponse> {
      return answer(await sponsorOf(caller));
    },

    async save(caller: SponsorshipCaller, body: Required<SaveSponsorProfileRequest>): Promise<SponsorProfileResponse> {
      const sponsor = await sponsorOf(caller);
      await repo.saveProfile(
        sponsor.email,
        {
          publicName: body.public_name,
          descriptionDe: body.description_de,
          descriptionEn: body.description_en,
          website: body.website,
        },
        now(),
      );
      deps.changed();
      return answer(sponsor);
    },

    async setLogo(caller: SponsorshipCaller, bytes: Buffer): Promise<SponsorProfileResponse> {
      const sponsor = await sponsorOf(caller);
      const logo = await reencodeLogo(bytes);
      const profile = await repo.ensureProfile(sponsor.email, now());
      const key = logoKeyOf(profile.id, logo.hash);
      await store.put(key, logo.bytes, LOGO_CONTENT_TYPE);
      const replaced = await repo.setLogo(profile.id, { key, width: logo.width, height: logo.height }, now());
      if (replaced && replaced !== key) await removeBlob(replaced);
      deps.changed();
      await deps.logoSet({ sponsorEmailNormalized: sponsor.email, actor: sponsor.email });
      return answer(sponsor);
    },

    async removeLogo(caller: SponsorshipCaller): Promise<SponsorProfileResponse> {
      const sponsor = await sponsorOf(caller);
      const profile = await repo.findProfile(sponsor.email);
      if (profile?.logoKey) {
        const replaced = await repo.setLogo(profile.id, { key: null, width: null, height: null }, now());
        if (replaced) await removeBlob(replaced);
        deps.changed();
      }
      return answer(sponsor);
    },

    async setConsent(caller: SponsorshipCaller, sponsorshipId: number, show: boolean): Promise<SponsorProfileResponse> {
      const { sponsorship, side } = await deps.parties.visible(caller, sponsorshipId);
      if (side !== 'sponsor') throw fail('sponsor-wall.sponsor-consents', 'Only the sponsor decides to be shown');
      const sponsor = await sponsorOf(caller);
      if (show && !(await repo.findProfile(sponsor.email))?.publicName) {
        throw fail('sponsor-profile.name-missing', 'Enter a public name first');
      }
      await repo.setConsent(sponsorshipId, show, now());
      deps.changed(sponsorship.eventId);
      return answer(sponsor);
    },

    /** The legal and billing details of the caller's address (null until entered). */
    async getLegal(caller: SponsorshipCaller): Promise<SponsorLegalDetailsResponse> {
      const sponsor = await sponsorOf(caller);
      return toLegalDetailsWire(await deps.legal.find(sponsor.email));
    },

    async saveLegal(
      caller: SponsorshipCaller,
      body: z.output<typeof ZSponsorLegalDetails>,
    ): Promise<SponsorLegalDetailsResponse> {
      const sponsor = await sponsorOf(caller);
      return toLegalDetailsWire(await deps.legal.save(sponsor.email, body, now()));
    },

    /** The stored logo behind a public URL, when it is still the profile's logo. */
    async logoFile(profileId: number, file: string) {
      const profile = await repo.findProfileById(profileId);
      if (!profile?.logoKey || profile.logoKey !== `sponsor-logos/${profileId}/${file}`) {
        throw fail('logo.not-found', 'Logo not found');
      }
      const blob = await store.read(profile.logoKey);
      if (!blob) throw fail('logo.not-found', 'Logo not found');
      return blob;
    },

    /** Account deletion: the address's profile, logo and consents go. */
    async forgetAddress(email: string): Promise<void> {
      const key = await repo.deleteProfile(normaliseEmail(email));
      await deps.legal.remove(normaliseEmail(email));
      if (key) await removeBlob(key);
      deps.changed();
    },
  };
}

export type SponsorProfilesService = ReturnType<typeof createSponsorProfilesService>;
