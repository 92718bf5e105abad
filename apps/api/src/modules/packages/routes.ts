// Package calls under /api: the organisers' packages of an event (bearer), and a sponsorship's offer,
// choice and activity for both parties (bearer, or the sponsor's invitation link as
// `Authorization: <token>:<email>`).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZArchivePackageRequest,
  ZAssignPackageRequest,
  ZChoosePackageRequest,
  ZCopyPackagesRequest,
  ZListPackagesResponse,
  ZPackage,
  ZReorderPackagesRequest,
  ZSavePackageRequest,
  ZSponsorshipPackagesResponse,
} from '@sp/shared';
import type { ReadCache } from '../../read-cache/index.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { PackagesService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['packages'];
const bearer = [{ bearer: [] }];

function sponsorshipCaller(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const packagesRoutes: FastifyPluginAsyncZod<{
  packages: PackagesService;
  readCache: ReadCache;
  /** Tells the sponsorship's parties' live screens that its package or amount changed. */
  announce: (sponsorshipId: number) => Promise<void>;
  /** After a committed change of event `eventId`'s packages: tells its sponsorships' parties (their offers). */
  announceEvent: (eventId: number) => Promise<void>;
}> = async (app, { packages, readCache, announce, announceEvent }) => {
  const offerChanged = async <T>(eventId: number, result: T): Promise<T> => {
    await announceEvent(eventId);
    return result;
  };
  const organisers = { preHandler: app.authenticate };

  app.get(
    '/event/:id/packages',
    {
      ...organisers,
      schema: {
        tags,
        summary: "The event's packages in their order, archived ones included (organisers)",
        security: bearer,
        params: idParams,
        response: { 200: ZListPackagesResponse, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(
        reply,
        await packages.listForEvent(requireUser(request), request.params.id),
        ZListPackagesResponse,
      ),
  );

  app.post(
    '/event/:id/packages',
    {
      ...organisers,
      schema: {
        tags,
        summary: 'Add a package to the event (price in euro cents, net; capacity null = unlimited)',
        security: bearer,
        params: idParams,
        body: ZSavePackageRequest,
        response: { 201: ZPackage, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await packages.create(requireUser(request), request.params.id, request.body)),
  );

  app.put(
    '/event/:id/packages/order',
    {
      ...organisers,
      schema: {
        tags,
        summary: "Reorder the event's packages (every package once, in the new order)",
        security: bearer,
        params: idParams,
        body: ZReorderPackagesRequest,
        response: { 200: ZListPackagesResponse, ...errors },
      },
    },
    async (request) =>
      offerChanged(
        request.params.id,
        await packages.reorder(requireUser(request), request.params.id, request.body.package_ids),
      ),
  );

  app.post(
    '/event/:id/packages/copy',
    {
      ...organisers,
      schema: {
        tags,
        summary: 'Copy the packages (not archived) of another event of your organisation to this one',
        security: bearer,
        params: idParams,
        body: ZCopyPackagesRequest,
        response: { 200: ZListPackagesResponse, ...errors },
      },
    },
    async (request) => packages.copy(requireUser(request), request.params.id, request.body.from_event_id),
  );

  app.put(
    '/packages/:id',
    {
      ...organisers,
      schema: {
        tags,
        summary: 'Change a package (its benefits are replaced as a whole)',
        description: '409 `package.capacity-below-sold` when more are sold than the new capacity.',
        security: bearer,
        params: idParams,
        body: ZSavePackageRequest,
        response: { 200: ZPackage, ...errors },
      },
    },
    async (request) => {
      const saved = await packages.update(requireUser(request), request.params.id, request.body);
      return offerChanged(saved.event_id, saved);
    },
  );

  app.post(
    '/packages/:id/archive',
    {
      ...organisers,
      schema: {
        tags,
        summary: 'Archive a package (no longer offered or chosen) or bring it back',
        security: bearer,
        params: idParams,
        body: ZArchivePackageRequest,
        response: { 200: ZPackage, ...errors },
      },
    },
    async (request) => {
      const saved = await packages.setArchived(requireUser(request), request.params.id, request.body.archived);
      return offerChanged(saved.event_id, saved);
    },
  );

  app.delete(
    '/packages/:id',
    {
      ...organisers,
      schema: {
        tags,
        summary: 'Delete a package nobody was offered or chose',
        description: '409 `package.in-use` otherwise: archive it instead.',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await packages.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/packages',
      {
        schema: {
          tags,
          summary: 'The packages offered to a sponsorship, the chosen one, the amount and the activity',
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security,
          params: idParams,
          response: { 200: ZSponsorshipPackagesResponse, ...errors },
        },
      },
      async (request) => packages.forSponsorship(sponsorshipCaller(request), request.params.id),
    );

    parties.post(
      '/sponsorships/:id/package',
      {
        schema: {
          tags,
          summary: 'The sponsor chooses one of the offered packages',
          description:
            'Takes a slot of the package (and gives back the one of an earlier choice); the amount becomes ' +
            "the package's price. 409 `package.sold-out` when the last slot was just taken.",
          security,
          params: idParams,
          body: ZChoosePackageRequest,
          response: { 200: ZSponsorshipPackagesResponse, ...errors },
        },
      },
      async (request) => {
        const chosen = await packages.choose(sponsorshipCaller(request), request.params.id, request.body.package_id);
        await announce(request.params.id);
        return chosen;
      },
    );

    parties.post(
      '/sponsorships/:id/assignment',
      {
        schema: {
          tags,
          summary: 'Organisers assign a package of the event and/or change the amount (with a note)',
          security,
          params: idParams,
          body: ZAssignPackageRequest,
          response: { 200: ZSponsorshipPackagesResponse, ...errors },
        },
      },
      async (request) => {
        const assigned = await packages.assign(sponsorshipCaller(request), request.params.id, request.body);
        await announce(request.params.id);
        return assigned;
      },
    );
  });
};
