// Agreement calls under /api (the list with who may call and the errors is at the top of
// packages/shared/src/schemas/agreements.ts): settings and preview per event (organisers, bearer), a
// sponsorship's agreement for both parties (bearer, or the invitation link as
// `Authorization: <token>:<email>`), and the public verification (no sign-in, rate-limited).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_LIMITS,
  PDF_MIME_TYPE,
  ZAgreementPreviewQuery,
  ZAgreementSettings,
  ZAgreementSettingsResponse,
  ZAgreementStateResponse,
  ZAgreementVerification,
  ZApiError,
  ZSetAgreementLanguageRequest,
  ZSha256Param,
  ZSignAgreementRequest,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import { hashingParser, type HashedBody } from '../../plugins/binary-bodies.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { RequestMeta } from './context.ts';
import type { AgreementsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['agreements'];
const bearer = [{ bearer: [] }];
const bearerOrGuest: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
const pdfResponse = { 200: z.any().describe('application/pdf'), ...errors, 500: ZApiError };

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

const metaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
});

function sendPdfBytes(reply: FastifyReply, file: { bytes: Buffer; sha256?: string }, name: string) {
  if (file.sha256) reply.header('x-document-sha256', file.sha256);
  return reply
    .header('content-type', PDF_MIME_TYPE)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

export const agreementsRoutes: FastifyPluginAsyncZod<{
  agreements: AgreementsService;
  /** After committed settings of event `eventId`: its sponsorships' drafts read differently (decision 078). */
  announceEvent: (eventId: number) => Promise<void>;
}> = async (app, { agreements, announceEvent }) => {
  app.get(
    '/events/:id/agreement-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The event's agreement settings: own PDF or generated, clauses, payment term, countersigning",
        security: bearer,
        params: idParams,
        response: { 200: ZAgreementSettingsResponse, ...errors },
      },
    },
    async (request) => agreements.settings(requireUser(request), request.params.id),
  );

  app.put(
    '/events/:id/agreement-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Save the event's agreement settings (only the owner changes members_may_countersign)",
        security: bearer,
        params: idParams,
        body: ZAgreementSettings,
        response: { 200: ZAgreementSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const saved = await agreements.saveSettings(requireUser(request), request.params.id, request.body);
      await announceEvent(request.params.id);
      return saved;
    },
  );

  app.get(
    '/events/:id/agreement-preview.pdf',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The generated agreement with sample sponsor data (the clause preview)',
        security: bearer,
        params: idParams,
        querystring: ZAgreementPreviewQuery,
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const bytes = Buffer.from(await agreements.preview(requireUser(request), request.params.id, request.query.lang));
      return sendPdfBytes(reply, { bytes }, `agreement-preview-${request.query.lang}.pdf`);
    },
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));

    parties.get(
      '/sponsorships/:id/agreement',
      {
        schema: {
          tags,
          summary: "The sponsorship's agreement: state, draft hash, signatures, whether the caller may sign",
          security: bearerOrGuest,
          params: idParams,
          response: { 200: ZAgreementStateResponse, ...errors },
        },
      },
      async (request) => agreements.state(callerOf(request), request.params.id),
    );

    parties.put(
      '/sponsorships/:id/agreement/language',
      {
        schema: {
          tags,
          summary: "The organiser chooses the agreement's language (null: the sponsor's)",
          description: '409 agreement.language-frozen once the sponsor signed or the sponsorship is decided.',
          security: bearerOrGuest,
          params: idParams,
          body: ZSetAgreementLanguageRequest,
          response: { 200: ZAgreementStateResponse, ...errors },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await agreements.setLanguage(caller, request.params.id, request.body.language);
        return agreements.state(caller, request.params.id);
      },
    );

    parties.get(
      '/sponsorships/:id/agreement/draft.pdf',
      {
        schema: {
          tags,
          summary: 'The exact draft a signature refers to (header X-Document-Sha256); the view is audited',
          security: bearerOrGuest,
          params: idParams,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const file = await agreements.draftPdf(callerOf(request), request.params.id, metaOf(request));
        return sendPdfBytes(reply, file, `agreement-${file.reference}-draft.pdf`);
      },
    );

    parties.post(
      '/sponsorships/:id/agreement/signatures',
      {
        schema: {
          tags,
          summary: 'Sign the current draft (sponsor first, then the organisation countersigns and it is sealed)',
          security: bearerOrGuest,
          params: idParams,
          body: ZSignAgreementRequest,
          response: { 201: ZAgreementStateResponse, ...errors },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await agreements.sign(caller, request.params.id, request.body, metaOf(request));
        return reply.code(201).send(await agreements.state(caller, request.params.id));
      },
    );

    parties.get(
      '/sponsorships/:id/agreement/signed.pdf',
      {
        schema: {
          tags,
          summary: 'The sealed agreement, checked against its recorded SHA-256 before it is sent',
          security: bearerOrGuest,
          params: idParams,
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const file = await agreements.signedPdf(callerOf(request), request.params.id);
        return sendPdfBytes(reply, file, `agreement-${file.reference}-signed.pdf`);
      },
    );
  });

  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    const limit = AGREEMENT_LIMITS.verifyBytes;
    // Only the raw file: a JSON or form body is refused (415) rather than read as something else. It
    // is hashed as it streams, never held whole (decision 063).
    open.removeAllContentTypeParsers();
    open.addContentTypeParser(['application/pdf', 'application/octet-stream'], hashingParser(limit, 'The PDF'));

    open.post(
      '/public/agreements/verify',
      {
        bodyLimit: limit,
        schema: {
          tags,
          summary: 'Is this PDF a signed agreement on record? Who signed it, when (nothing else)',
          description:
            `The raw PDF as the body (\`Content-Type: application/pdf\`), at most ${limit / 1024 / 1024} MB ` +
            '(413 past it); larger files are checked by their SHA-256 with GET /public/agreements/verify/{sha256}.',
          security: [{}],
          response: { 200: ZAgreementVerification, 400: ZApiError, 413: ZApiError, 415: ZApiError, 429: ZApiError },
        },
      },
      async (request) => {
        const body = request.body as HashedBody | undefined;
        return body ? agreements.verifySha(body.sha256) : agreements.verifyBytes(Buffer.alloc(0));
      },
    );

    open.get(
      '/public/agreements/verify/:sha256',
      {
        schema: {
          tags,
          summary: 'Is the PDF with this SHA-256 a signed agreement on record? Who signed it, when',
          security: [{}],
          params: ZSha256Param,
          response: { 200: ZAgreementVerification, 400: ZApiError },
        },
      },
      async (request) => agreements.verifySha(request.params.sha256),
    );
  });
};
