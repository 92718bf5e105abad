// Delivery evidence under /api (decision 107), for both parties of a deliverable (bearer, or the
// invitation link as `Authorization: <token>:<email>`): the sponsorship's evidence and a picture of
// it (both parties); adding a link or note, uploading a photo or screenshot as raw bytes and removing
// a piece (the organisation's team); the thumbs up and comments (the sponsor).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVIDENCE_LIMITS,
  ZAddEvidenceRequest,
  ZApiError,
  ZEvidence,
  ZEvidenceCommentRequest,
  ZEvidenceImageQuery,
  ZEvidenceReactionRequest,
  ZSponsorshipEvidenceResponse,
  ZUploadEvidenceQuery,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { EvidenceService } from './evidence-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const idParams = z.object({ id });
const pieceParams = z.object({ id, evidence: id });
const tags = ['fulfilment'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const evidenceRoutes: FastifyPluginAsyncZod<{
  evidence: EvidenceService;
  /** Tells the sponsorship's parties' live screens that its deliverables changed. */
  announce: (sponsorshipId: number) => Promise<void>;
}> = async (app, { evidence, announce }) => {
  const announced = async <T extends { sponsorship_id: number }>(piece: T): Promise<T> => {
    await announce(piece.sponsorship_id);
    return piece;
  };
  const parties = app.withTypeProvider<ZodTypeProvider>();
  parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
  // A picture comes as its raw bytes; what it is is decided by its content, not by this header.
  const raw = { parseAs: 'buffer' as const, bodyLimit: EVIDENCE_LIMITS.bytes };
  const keep = (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
  parties.addContentTypeParser('application/octet-stream', raw, keep);
  parties.addContentTypeParser(/^image\//, raw, keep);

  parties.get(
    '/sponsorships/:id/evidence',
    {
      schema: {
        tags,
        summary: "A sponsorship's delivery evidence, oldest first, with the sponsor's reactions",
        description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
        security,
        params: idParams,
        response: { 200: ZSponsorshipEvidenceResponse, ...errors },
      },
    },
    async (request) => evidence.forSponsorship(callerOf(request), request.params.id),
  );

  parties.post(
    '/deliverables/:id/evidence',
    {
      schema: {
        tags,
        summary: 'Add a link (http or https, with an optional caption) or a note as evidence',
        description: "For the organisation's team; 403 for the sponsor. The same link or note again is the same piece.",
        security,
        params: idParams,
        body: ZAddEvidenceRequest,
        response: { 200: ZEvidence, ...errors },
      },
    },
    async (request) => {
      const piece = await evidence.add(callerOf(request), request.params.id, request.body);
      return announced(piece);
    },
  );

  parties.post(
    '/deliverables/:id/evidence/image',
    {
      bodyLimit: EVIDENCE_LIMITS.bytes,
      schema: {
        tags,
        summary: 'Upload a photo or screenshot as evidence: the raw bytes of a JPEG, PNG or WebP (at most 10 MB)',
        description:
          "For the organisation's team. The type is read from the bytes, the header's size checked before " +
          'decoding; what is kept is a new JPEG (at most 2048 px a side, upright, without EXIF or location ' +
          'metadata) and a thumbnail. The same upload again is the same piece.',
        security,
        params: idParams,
        querystring: ZUploadEvidenceQuery,
        response: { 200: ZEvidence, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { kind, note } = request.query;
      const piece = await evidence.addPicture(callerOf(request), request.params.id, body, kind, note);
      return announced(piece);
    },
  );

  parties.delete(
    '/deliverables/:id/evidence/:evidence',
    {
      schema: {
        tags,
        summary: 'Remove a piece of evidence',
        description: "For the organisation's team; 404 when the piece is not (or no longer) this deliverable's.",
        security,
        params: pieceParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { sponsorship_id } = await evidence.remove(callerOf(request), request.params.id, request.params.evidence);
      await announce(sponsorship_id);
      return reply.code(204).send(null);
    },
  );

  parties.get(
    '/deliverables/:id/evidence/:evidence/image',
    {
      schema: {
        tags,
        summary: "A photo's or screenshot's stored JPEG (`size=thumb` for the 480 px thumbnail)",
        security,
        params: pieceParams,
        querystring: ZEvidenceImageQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { params, query } = request;
      const picture = await evidence.image(callerOf(request), params.id, params.evidence, query.size);
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', String(picture.size))
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(picture.body);
    },
  );

  parties.put(
    '/deliverables/:id/evidence/:evidence/reaction',
    {
      schema: {
        tags,
        summary: "The sponsor's thumbs up on a piece of evidence (`thumbs_up: false` withdraws it)",
        description: 'For the sponsor; 403 for the organisation. Setting it twice is setting it once.',
        security,
        params: pieceParams,
        body: ZEvidenceReactionRequest,
        response: { 200: ZEvidence, ...errors },
      },
    },
    async (request) => {
      const { params } = request;
      const piece = await evidence.react(callerOf(request), params.id, params.evidence, request.body.thumbs_up);
      return announced(piece);
    },
  );

  parties.post(
    '/deliverables/:id/evidence/:evidence/comments',
    {
      schema: {
        tags,
        summary: "The sponsor's comment on a piece of evidence",
        description: 'For the sponsor; 403 for the organisation. The same text again is the same comment.',
        security,
        params: pieceParams,
        body: ZEvidenceCommentRequest,
        response: { 200: ZEvidence, ...errors },
      },
    },
    async (request) => {
      const { params } = request;
      const piece = await evidence.comment(callerOf(request), params.id, params.evidence, request.body.text);
      return announced(piece);
    },
  );
};
