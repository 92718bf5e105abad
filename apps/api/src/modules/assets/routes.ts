// Asset calls under /api, for both parties of a deliverable (bearer, or the invitation link as
// `Authorization: <token>:<email>`): the spec and rounds, the spec's change (organisation), the upload
// of the raw file (sponsor), the decision on a round (organisation) and a round's original file.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSET_LIMITS,
  ZApiError,
  ZDecideAssetRequest,
  ZDeliverableAssetResponse,
  ZSaveAssetSpecRequest,
  ZPrintBundleQuery,
  ZUploadAssetQuery,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import { contentDisposition } from '../files/index.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import { safeName } from './bundle.ts';
import { CONTENT_TYPES, type AssetsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const roundParams = idParams.extend({ round: z.coerce.number().int().min(1).max(1_000_000) });
const tags = ['assets'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const assetsRoutes: FastifyPluginAsyncZod<{
  assets: AssetsService;
  /** Tells the sponsorship's parties' live screens that its deliverables changed. */
  announce: (sponsorshipId: number) => Promise<void>;
}> = async (app, { assets, announce }) => {
  const announced = async <T extends { sponsorship_id: number }>(result: T): Promise<T> => {
    await announce(result.sponsorship_id);
    return result;
  };
  app.get(
    '/events/:eventId/print-bundle.zip',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The event's approved assets in their original format with a CSV, as one streamed ZIP",
        description:
          'For organisers of the event. `placement` narrows it to the assets of one placement. Files are ' +
          'named `<package>-<sponsor>.<ext>`; sponsors.csv lists file, name, website, alt text and package.',
        security: [{ bearer: [] }],
        params: z.object({ eventId: idParams.shape.id }),
        querystring: ZPrintBundleQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { event, stream } = await assets.printBundle(
        requireUser(request),
        request.params.eventId,
        request.query.placement,
      );
      const suffix = request.query.placement ? `-${request.query.placement}` : '';
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`${safeName(event.title)}${suffix}-print.zip`))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
    // The file comes as its raw bytes; what it is is decided by its content, not by this header.
    const raw = { parseAs: 'buffer' as const, bodyLimit: ASSET_LIMITS.bytes };
    const keep = (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
    parties.addContentTypeParser('application/octet-stream', raw, keep);
    parties.addContentTypeParser(/^image\//, raw, keep);
    parties.addContentTypeParser('application/pdf', raw, keep);

    parties.get(
      '/deliverables/:id/asset',
      {
        schema: {
          tags,
          summary: "A deliverable's asset spec and its rounds, newest first",
          security,
          params: idParams,
          response: { 200: ZDeliverableAssetResponse, ...errors },
        },
      },
      async (request) => assets.get(callerOf(request), request.params.id),
    );

    parties.put(
      '/deliverables/:id/asset-spec',
      {
        schema: {
          tags,
          summary: 'Set (or with null remove) what the asset must be: types, minimum size, transparency, alt text',
          description: 'For members of the organisation; 403 for the sponsor.',
          security,
          params: idParams,
          body: ZSaveAssetSpecRequest,
          response: { 200: ZDeliverableAssetResponse, ...errors },
        },
      },
      async (request) => announced(await assets.saveSpec(callerOf(request), request.params.id, request.body.spec)),
    );

    parties.put(
      '/deliverables/:id/asset',
      {
        bodyLimit: ASSET_LIMITS.bytes,
        schema: {
          tags,
          summary: 'Upload the asset: the raw bytes of a PNG, JPEG, WebP, SVG or PDF (at most 10 MB)',
          description:
            'For the sponsor. The type is read from the bytes; the original is kept as it is and becomes the ' +
            'next round. A file that falls short of the spec is answered 422 `asset.spec-unmet` with one ' +
            'field per failing rule (file_type, size as `<w>x<h>`, transparent, vector, alt_text).',
          security,
          params: idParams,
          querystring: ZUploadAssetQuery,
          response: { 200: ZDeliverableAssetResponse, ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return announced(await assets.upload(callerOf(request), request.params.id, body, request.query.alt_text));
      },
    );

    parties.post(
      '/deliverables/:id/asset/decision',
      {
        schema: {
          tags,
          summary: 'Approve a round, or ask for a change with a comment',
          description: 'For members of the organisation. 409 `asset.round-decided` when the round is not open.',
          security,
          params: idParams,
          body: ZDecideAssetRequest,
          response: { 200: ZDeliverableAssetResponse, ...errors },
        },
      },
      async (request) =>
        announced(
          await assets.decide(callerOf(request), request.params.id, {
            round: request.body.round,
            decision: request.body.decision,
            comment: request.body.comment ?? '',
          }),
        ),
    );

    parties.post(
      '/deliverables/:id/asset/proof-decision',
      {
        schema: {
          tags,
          summary: "The sponsor approves a round's proof, or asks for a change with a comment",
          description:
            'For the sponsor, when the spec names a placement; the organisation approves only after it. ' +
            '409 `asset.round-decided` when the round is not open, `asset.variant-missing` without the ' +
            'monochrome variant the spec asks for.',
          security,
          params: idParams,
          body: ZDecideAssetRequest,
          response: { 200: ZDeliverableAssetResponse, ...errors },
        },
      },
      async (request) =>
        announced(
          await assets.decideProof(callerOf(request), request.params.id, {
            round: request.body.round,
            decision: request.body.decision,
            comment: request.body.comment ?? '',
          }),
        ),
    );

    parties.put(
      '/deliverables/:id/asset/monochrome',
      {
        bodyLimit: ASSET_LIMITS.bytes,
        schema: {
          tags,
          summary: 'Upload the monochrome variant of the open round (raw bytes, at most 10 MB)',
          description:
            'For the sponsor, when the spec asks for one. A file with colour is 422 `asset.spec-unmet` ' +
            'with `monochrome: "colour"`; the type and size rules of the spec apply as to the main file.',
          security,
          params: idParams,
          response: { 200: ZDeliverableAssetResponse, ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return announced(await assets.uploadMonochrome(callerOf(request), request.params.id, body));
      },
    );

    parties.get(
      '/deliverables/:id/asset/rounds/:round/proof.png',
      {
        schema: {
          tags,
          summary: "A round's proof: its file placed on a mock-up of the spec's placement, as PNG",
          description: 'For both parties. Rendered once per round and kept.',
          security,
          params: roundParams,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const proof = await assets.proof(callerOf(request), request.params.id, request.params.round);
        if (proof.size !== null) reply.header('content-length', String(proof.size));
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(proof.body);
      },
    );

    parties.get(
      '/deliverables/:id/asset/rounds/:round/file',
      {
        schema: {
          tags,
          summary: "A round's original file, as a download",
          security,
          params: roundParams,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const file = await assets.file(callerOf(request), request.params.id, request.params.round);
        const ext = file.type === 'jpeg' ? 'jpg' : file.type;
        return reply
          .header('content-type', CONTENT_TYPES[file.type])
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(`asset-${request.params.round}.${ext}`))
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  });
};
