// Sponsorship calls under /api: the sponsor's view of their sponsorship, the signed agreement's
// upload and withdrawing (bearer, or the invitation link as `Authorization: <token>:<email>`); the
// organisers' list of an event's sponsorships and their decisions (bearer); the signed-in sponsor's
// own sponsorships (bearer).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZAttachSignedAgreementRequest,
  ZChangeSponsorshipStatusRequest,
  ZCreateUploadResponse,
  ZListMySponsorshipsResponse,
  ZListSponsorshipsResponse,
  ZSignedAgreementUploadRequest,
  ZSponsorship,
  ZTellSponsorLanguageRequest,
  ZUpdateSponsorshipRequest,
} from '@sp/shared';
import type { ReadCache } from '../../read-cache/index.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller, SponsorshipsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 415: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

function sponsorshipCaller(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const sponsorshipsRoutes: FastifyPluginAsyncZod<{
  sponsorships: SponsorshipsService;
  readCache: ReadCache;
}> = async (app, { sponsorships, readCache }) => {
  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'A sponsorship, for its sponsor or the organisation',
          description: 'The sponsor may use `Authorization: <token>:<email>` of their invitation link.',
          security,
          params: idParams,
          response: { 200: ZSponsorship, ...errors },
        },
      },
      async (request) => sponsorships.get(sponsorshipCaller(request), request.params.id),
    );

    parties.post(
      '/sponsorships/:id/signed-agreement/upload-url',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'Get a URL to PUT the signed agreement (PDF) to',
          description:
            'For the sponsor only. PUT the bytes to `url` with `Content-Type: application/pdf`, then ' +
            'PUT /sponsorships/{id}/signed-agreement with `s3_id` and `key`.',
          security,
          params: idParams,
          body: ZSignedAgreementUploadRequest,
          response: { 200: ZCreateUploadResponse, ...errors },
        },
      },
      async (request) =>
        sponsorships.createSignedAgreementUpload(sponsorshipCaller(request), request.params.id, request.body.file_name),
    );

    parties.put(
      '/sponsorships/:id/signed-agreement',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'Keep an uploaded PDF as the signed agreement',
          description: 'Replaces an earlier signed copy; 409 once the organiser has decided.',
          security,
          params: idParams,
          body: ZAttachSignedAgreementRequest,
          response: { 200: ZSponsorship, ...errors },
        },
      },
      async (request) =>
        sponsorships.attachSignedAgreement(sponsorshipCaller(request), request.params.id, request.body),
    );

    parties.put(
      '/sponsorships/:id/sponsor-language',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'The sponsor tells the language they use',
          description:
            'For the sponsor only (account or invitation link). Their agreement and new invoices follow it ' +
            'unless the organiser chose a language for the document (decision 074).',
          security,
          params: idParams,
          body: ZTellSponsorLanguageRequest,
          response: { 200: ZSponsorship, ...errors },
        },
      },
      async (request) =>
        sponsorships.tellSponsorLanguage(sponsorshipCaller(request), request.params.id, request.body.language),
    );

    parties.post(
      '/sponsorships/:id/status',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'Confirm, decline or withdraw a sponsorship',
          description:
            'Organisers (veranstalter, beides) of its organisation confirm a `signed` sponsorship or decline ' +
            'an open one (invited, downloaded, signed); the sponsor withdraws an open one. 403 for the other ' +
            'side, 409 for a status the sponsorship cannot reach from its current one.',
          security,
          params: idParams,
          body: ZChangeSponsorshipStatusRequest,
          response: { 200: ZSponsorship, ...errors },
        },
      },
      async (request) => sponsorships.changeStatus(sponsorshipCaller(request), request.params.id, request.body.status),
    );

    parties.patch(
      '/sponsorships/:id',
      {
        schema: {
          tags: ['sponsorships'],
          summary: 'Change the amount of an open sponsorship',
          description: 'For organisers of its organisation; 409 once it is confirmed, declined or withdrawn.',
          security,
          params: idParams,
          body: ZUpdateSponsorshipRequest,
          response: { 200: ZSponsorship, ...errors },
        },
      },
      async (request) =>
        sponsorships.changeAmount(
          sponsorshipCaller(request),
          request.params.id,
          request.body.amount_cents,
          request.body.note,
        ),
    );
  });

  app.get(
    '/sponsorships',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['sponsorships'],
        summary: 'Your sponsorships as a sponsor (sponsor address = your e-mail), newest event first',
        security: [{ bearer: [] }],
        response: { 200: ZListMySponsorshipsResponse, ...errors },
      },
    },
    async (request) => sponsorships.listMine(requireUser(request)),
  );

  app.get(
    '/event/:id/sponsorships',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['sponsorships'],
        summary: 'The sponsorships of an event of your organisation',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ZListSponsorshipsResponse, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(
        reply,
        await sponsorships.listForEvent(requireUser(request), request.params.id),
        ZListSponsorshipsResponse,
      ),
  );

  app.get(
    '/event/:id/sponsorships.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['sponsorships'],
        summary: "The event's sponsorships as CSV (semicolons, UTF-8 with BOM)",
        security: [{ bearer: [] }],
        params: idParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await sponsorships.csvForEvent(requireUser(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
