// Sponsor report calls under /api (decision 108): its state and the sealed PDF for both parties
// (bearer, or the invitation link as `Authorization: <token>:<email>`), and the organisers' "send it
// to the sponsor now" (bearer only). The verification is the agreements' public page and route.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PDF_MIME_TYPE, ZApiError, ZSendSponsorReportResponse, ZSponsorReportState } from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { SponsorReportService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['sponsorships'];
const bearerOrGuest: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const sponsorReportRoutes: FastifyPluginAsyncZod<{ reports: SponsorReportService }> = async (
  app,
  { reports },
) => {
  app.post(
    '/sponsorships/:id/report/send',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Mail the sealed sponsor report to the sponsor now (organisers)',
        description:
          "The report in the sponsorship's document language, as a PDF attachment, to the sponsor's address.",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ZSendSponsorReportResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return reports.send({ kind: 'user', sub: user.sub, email: user.email }, request.params.id);
    },
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));

    parties.get(
      '/sponsorships/:id/report',
      {
        schema: {
          tags,
          summary: "The sponsor report's state: available, language, the last one sealed, the mail after the event",
          security: bearerOrGuest,
          params: idParams,
          response: { 200: ZSponsorReportState, ...errors },
        },
      },
      async (request) => reports.state(callerOf(request), request.params.id),
    );

    parties.get(
      '/sponsorships/:id/report.pdf',
      {
        schema: {
          tags,
          summary: 'The sealed sponsor report (PAdES), for either party of a confirmed sponsorship',
          description:
            'Sealed with the platform seal and verifiable on the verification page; the same data answers the ' +
            'same file (`x-document-sha256`).',
          security: bearerOrGuest,
          params: idParams,
          response: { 200: z.any().describe('application/pdf'), ...errors, 500: ZApiError },
        },
      },
      async (request, reply) => {
        const file = await reports.pdf(callerOf(request), request.params.id);
        return reply
          .header('content-type', PDF_MIME_TYPE)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('x-document-sha256', file.sha256)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
  });
};
