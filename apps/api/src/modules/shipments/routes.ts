// Shipment calls under /api: a sponsorship's shipments for both parties and the sponsor's announcement
// (bearer, or the invitation link as `Authorization: <token>:<email>`); an event's shipments and its
// venue link for the organisation's members (bearer); the venue's view and its "received" through the
// venue link's token in the path (no account).
import type { FastifyRequest } from 'fastify';
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
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { ShipmentsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const venueParams = z.object({ token: z.string().min(1).max(100) });
const tags = ['shipments'];

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
      const shipment = await shipments.markReceived(request.params.token, request.params.id, request.body.note ?? null);
      await announce(shipment.sponsorship_id);
      return shipment;
    },
  );

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
