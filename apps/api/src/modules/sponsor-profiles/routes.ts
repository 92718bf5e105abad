// Sponsor profile calls under /api: the caller's own profile, its logo and the consent per
// sponsorship (bearer, or the sponsor's invitation link as `Authorization: <token>:<email>`), and the
// public logo files (no sign-in; the content hash in the address makes them immutable).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SPONSOR_PROFILE_LIMITS,
  ZApiError,
  ZSaveSponsorProfileRequest,
  ZSetWallConsentRequest,
  ZSponsorLegalDetails,
  ZSponsorLegalDetailsResponse,
  ZSponsorProfileResponse,
} from '@sp/shared';
import type { BlobBody } from '../../ports/blobs/index.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import { LOGO_CONTENT_TYPE, type SponsorProfilesService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['sponsor-profiles'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

function sponsorCaller(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

/** The caller's (validated) address, for the announcement once their change committed. */
const addressOf = (caller: SponsorshipCaller) => (caller.kind === 'guest' ? caller.guest.email : caller.email);

export const sponsorProfileRoutes: FastifyPluginAsyncZod<{
  profiles: SponsorProfilesService;
  /** Tells the live screens of everyone who deals with this sponsor address that its details changed. */
  announce: (sponsorEmail: string) => Promise<void>;
}> = async (app, { profiles, announce }) => {
  /** Runs a change of the caller's own details, then announces it (after its commit, decision 078). */
  const announced = async <T>(caller: SponsorshipCaller, change: (caller: SponsorshipCaller) => Promise<T>) => {
    const result = await change(caller);
    const address = addressOf(caller);
    if (address) await announce(address);
    return result;
  };
  await app.register(async (scope) => {
    const sponsors = scope.withTypeProvider<ZodTypeProvider>();
    sponsors.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    // The logo comes as the raw bytes; what they are is decided by their content, not by this header.
    const raw = { parseAs: 'buffer' as const, bodyLimit: SPONSOR_PROFILE_LIMITS.logoBytes };
    const keep = (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
    sponsors.addContentTypeParser('application/octet-stream', raw, keep);
    sponsors.addContentTypeParser(/^image\//, raw, keep);

    sponsors.get(
      '/sponsor-profile',
      {
        schema: {
          tags,
          summary: "The caller's sponsor profile (by their address) and their consents to sponsor walls",
          description: 'A guest with an invitation link sees the consent of that sponsorship only.',
          security,
          response: { 200: ZSponsorProfileResponse, ...errors },
        },
      },
      async (request) => profiles.get(sponsorCaller(request)),
    );

    sponsors.put(
      '/sponsor-profile',
      {
        schema: {
          tags,
          summary: 'Save the public name, descriptions (de, en) and website (http or https)',
          security,
          body: ZSaveSponsorProfileRequest,
          response: { 200: ZSponsorProfileResponse, ...errors },
        },
      },
      async (request) =>
        announced(sponsorCaller(request), (caller) =>
          profiles.save(caller, request.body as Required<z.output<typeof ZSaveSponsorProfileRequest>>),
        ),
    );

    sponsors.put(
      '/sponsor-profile/logo',
      {
        // The route's own limit too, so the byte budget (decision 063) counts a chunked body by it.
        bodyLimit: SPONSOR_PROFILE_LIMITS.logoBytes,
        schema: {
          tags,
          summary: 'Upload the logo: the raw bytes of a PNG, JPEG or WebP (at most 2 MB and 4096 × 4096 px)',
          description:
            'Send `Content-Type: application/octet-stream` (or the image type). The type is read from the ' +
            'bytes; SVG is refused (415 `logo.svg-refused`). The logo is re-encoded to WebP without metadata.',
          security,
          response: { 200: ZSponsorProfileResponse, ...errors, 413: ZApiError, 415: ZApiError },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return announced(sponsorCaller(request), (caller) => profiles.setLogo(caller, body));
      },
    );

    sponsors.delete(
      '/sponsor-profile/logo',
      {
        schema: { tags, summary: 'Remove the logo', security, response: { 200: ZSponsorProfileResponse, ...errors } },
      },
      async (request) => announced(sponsorCaller(request), (caller) => profiles.removeLogo(caller)),
    );

    sponsors.get(
      '/sponsor-profile/legal',
      {
        schema: {
          tags,
          summary: "The caller's legal and billing details (by their address): agreement party and invoice buyer",
          description: '`legal_details` is null until the sponsor entered them.',
          security,
          response: { 200: ZSponsorLegalDetailsResponse, ...errors },
        },
      },
      async (request) => profiles.getLegal(sponsorCaller(request)),
    );

    sponsors.put(
      '/sponsor-profile/legal',
      {
        schema: {
          tags,
          summary: 'Save the legal name, address, VAT id (EU format), billing e-mail and document language',
          description: 'Agreements and invoices already made keep the details they were made with; new ones use these.',
          security,
          body: ZSponsorLegalDetails,
          response: { 200: ZSponsorLegalDetailsResponse, ...errors },
        },
      },
      async (request) =>
        announced(sponsorCaller(request), (caller) =>
          profiles.saveLegal(caller, request.body as z.output<typeof ZSponsorLegalDetails>),
        ),
    );

    sponsors.put(
      '/sponsorships/:id/wall-consent',
      {
        schema: {
          tags,
          summary: "The sponsor agrees (or no longer agrees) to be shown on the event's public sponsor wall",
          description: '409 `sponsor-profile.name-missing` without a public name.',
          security,
          params: idParams,
          body: ZSetWallConsentRequest,
          response: { 200: ZSponsorProfileResponse, ...errors },
        },
      },
      async (request) =>
        announced(sponsorCaller(request), (caller) =>
          profiles.setConsent(caller, request.params.id, request.body.show_on_wall),
        ),
    );
  });

  app.get(
    '/public/sponsor-logos/:profileId/:file',
    {
      schema: {
        tags,
        summary: 'A sponsor logo (WebP, public, cached for a year: a new logo gets a new address)',
        params: z.object({
          profileId: z.coerce.number().int().min(1).max(2_147_483_647),
          file: z.string().regex(/^[0-9a-f]{32}\.webp$/),
        }),
        response: { 404: ZApiError, 400: ZApiError },
      },
    },
    async (request, reply) => {
      const blob = await profiles.logoFile(request.params.profileId, request.params.file);
      return sendLogo(reply, blob);
    },
  );
};

function sendLogo(reply: FastifyReply, blob: BlobBody): FastifyReply {
  return reply
    .header('content-type', LOGO_CONTENT_TYPE)
    .header('content-length', String(blob.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(blob.body);
}
