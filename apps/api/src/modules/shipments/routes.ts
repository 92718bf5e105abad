// Shipment calls under /api: a sponsorship's shipments for both parties and the sponsor's announcement
// (bearer, or the invitation link as `Authorization: <token>:<email>`); an event's shipments and its
// venue link for the organisation's members (bearer); the venue's view and its "received" through the
// venue link's token in the path (no account).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnnounceShipmentRequest,
  ZApiError,
  ZCreatedVenueLink,
  ZListShipmentsResponse,
  ZMarkShipmentReceivedRequest,
  ZShipment,
  ZVenueLinkStatus,
  ZVenueShipmentsResponse,
  SPONSOR_PROFILE_LIMITS,
} from '@sp/shared';
import type { BlobBody } from '../../ports/blobs/index.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { ShipmentsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const venueParams = z.object({ token: z.string().min(1).max(100) });
const tags = ['shipments'];
const photoParams = z.object({
  id: idParams.shape.id,
  shipmentId: idParams.shape.id,
});

/** A parcel's photo: a WebP the server drew itself, private to the parties and the venue. */
function sendPhoto(reply: FastifyReply, blob: BlobBody): FastifyReply {
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', String(blob.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(blob.body);
}

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const shipmentsRoutes: FastifyPluginAsyncZod<{
  shipments: ShipmentsService;
  /** Tells the sponsorship's parties' live screens that it changed. */
  announce: (sponsorshipId: number) => Promise<void>;
}> = async (app, { shipments, announce }) => {
  const bearer = [{ bearer: [] }];

  app.get(
    '/event/:id/shipments',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "An event's shipments",
        security: bearer,
        params: idParams,
        response: { 200: ZListShipmentsResponse, ...errors },
      },
    },
    async (request) => shipments.forEvent(requireUser(request), request.params.id),
  );

  app.get(
    '/event/:id/venue-link',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Whether the event's venue link is live",
        security: bearer,
        params: idParams,
        response: { 200: ZVenueLinkStatus, ...errors },
      },
    },
    async (request) => shipments.venueLinkStatus(requireUser(request), request.params.id),
  );

  app.post(
    '/event/:id/venue-link',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A new venue link for the event (the previous one stops working)',
        description: 'The token is shown once; only its hash is stored.',
        security: bearer,
        params: idParams,
        response: { 201: ZCreatedVenueLink, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await shipments.createVenueLink(requireUser(request), request.params.id)),
  );

  app.delete(
    '/event/:id/venue-link',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Revoke the event's venue link",
        security: bearer,
        params: idParams,
        response: { 200: ZVenueLinkStatus, ...errors },
      },
    },
    async (request) => shipments.revokeVenueLink(requireUser(request), request.params.id),
  );

  app.get(
    '/venue/:token/shipments',
    {
      schema: {
        tags,
        summary: "The venue's view: the event's shipments",
        description: 'No account: the venue link token in the path. 410 when the link was revoked.',
        params: venueParams,
        response: { 200: ZVenueShipmentsResponse, ...errors },
      },
    },
    async (request) => shipments.forVenue(request.params.token),
  );

  app.post(
    '/venue/:token/shipments/:id/received',
    {
      schema: {
        tags,
        summary: 'The venue marks a shipment received',
        description: 'Once: a second call (or two at once) answers 409 `shipment.already-received`.',
        params: venueParams.extend(idParams.shape),
        body: ZMarkShipmentReceivedRequest,
        response: { 200: ZShipment, ...errors },
      },
    },
    async (request) => {
      const shipment = await shipments.markReceived(request.params.token, request.params.id, {
        note: request.body.note || null,
        name: request.body.received_by || null,
      });
      await announce(shipment.sponsorship_id);
      return shipment;
    },
  );

  app.get(
    '/venue/:token/shipments/:id/photo',
    {
      schema: {
        tags,
        summary: "The photo of a received shipment (the venue's view)",
        params: venueParams.extend(idParams.shape),
        response: { 400: ZApiError, 404: ZApiError, 410: ZApiError },
      },
    },
    async (request, reply) => sendPhoto(reply, await shipments.venuePhoto(request.params.token, request.params.id)),
  );

  await app.register(async (scope) => {
    const venue = scope.withTypeProvider<ZodTypeProvider>();
    // The photo comes as the raw bytes; what they are is decided by their content, not by this header.
    const raw = { parseAs: 'buffer' as const, bodyLimit: SPONSOR_PROFILE_LIMITS.logoBytes };
    const keep = (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, Buffer.isBuffer(body) ? body : Buffer.from(body));
    venue.addContentTypeParser('application/octet-stream', raw, keep);
    venue.addContentTypeParser(/^image\//, raw, keep);
    venue.put(
      '/venue/:token/shipments/:id/photo',
      {
        bodyLimit: SPONSOR_PROFILE_LIMITS.logoBytes,
        schema: {
          tags,
          summary: 'The venue adds a photo to a received shipment: the raw bytes of a PNG, JPEG or WebP',
          description:
            'At most 2 MB and 4096 × 4096 px; re-encoded to WebP without metadata. Once: a second photo ' +
            'answers 409 `shipment.photo-exists`, one before "received" 409 `shipment.not-received`.',
          params: venueParams.extend(idParams.shape),
          response: { 200: ZShipment, ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError },
        },
      },
      async (request) => {
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const shipment = await shipments.addPhoto(request.params.token, request.params.id, bytes);
        await announce(shipment.sponsorship_id);
        return shipment;
      },
    );
  });

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/shipments',
      {
        schema: {
          tags,
          summary: "A sponsorship's shipments",
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security,
          params: idParams,
          response: { 200: ZListShipmentsResponse, ...errors },
        },
      },
      async (request) => shipments.forSponsorship(callerOf(request), request.params.id),
    );

    parties.get(
      '/sponsorships/:id/shipments/:shipmentId/photo',
      {
        schema: {
          tags,
          summary: "The venue's photo of a received shipment",
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security,
          params: photoParams,
          response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
        },
      },
      async (request, reply) =>
        sendPhoto(
          reply,
          await shipments.sponsorshipPhoto(callerOf(request), request.params.id, request.params.shipmentId),
        ),
    );

    parties.post(
      '/sponsorships/:id/shipments',
      {
        schema: {
          tags,
          summary: 'The sponsor announces a shipment (carrier, tracking number or link, parcels, expected date)',
          security,
          params: idParams,
          body: ZAnnounceShipmentRequest,
          response: { 201: ZShipment, ...errors },
        },
      },
      async (request, reply) => {
        const shipment = await shipments.announce(callerOf(request), request.params.id, request.body);
        await announce(shipment.sponsorship_id);
        return reply.code(201).send(shipment);
      },
    );
  });
};
