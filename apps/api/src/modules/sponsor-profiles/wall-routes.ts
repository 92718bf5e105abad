// Sponsor wall calls under /api: the organisers' switch and preview of an event's wall (bearer), and
// the public feed (no sign-in) that the public page, the embed and the organiser's own site read.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZSetSponsorWallRequest, ZSponsorWallFeed, ZSponsorWallSettings } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import { WALL_CACHE_SECONDS, type SponsorWallService } from './wall-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['sponsor-wall'];
const bearer = [{ bearer: [] }];

export const sponsorWallRoutes: FastifyPluginAsyncZod<{ wall: SponsorWallService }> = async (app, { wall }) => {
  app.get(
    '/event/:id/sponsor-wall',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Whether the event's public sponsor wall is on, and what it shows (organisers)",
        security: bearer,
        params: idParams,
        response: { 200: ZSponsorWallSettings, ...errors },
      },
    },
    async (request) => wall.settings(requireUser(request), request.params.id),
  );

  app.put(
    '/event/:id/sponsor-wall',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Switch the event's public sponsor wall on or off (organisers)",
        security: bearer,
        params: idParams,
        body: ZSetSponsorWallRequest,
        response: { 200: ZSponsorWallSettings, ...errors },
      },
    },
    async (request) => wall.setEnabled(requireUser(request), request.params.id, request.body.enabled),
  );

  app.get(
    '/public/events/:id/sponsors',
    {
      schema: {
        tags,
        summary: "The event's public sponsor wall as JSON (no sign-in; 404 unless the organisers switched it on)",
        description:
          'Confirmed sponsors who agreed to be shown, grouped by package (largest first). Cached for a ' +
          'minute; answers 304 to a matching If-None-Match. Readable from any origin.',
        params: idParams,
        response: { 200: ZSponsorWallFeed, 404: ZApiError, 400: ZApiError },
      },
    },
    async (request, typedReply) => {
      const feed = await wall.publicFeed(request.params.id);
      // The feed is kept serialised (it is the cache's entry): sent as it is, or 304.
      const reply = typedReply as FastifyReply;
      void reply
        .header('cache-control', `public, max-age=${WALL_CACHE_SECONDS}`)
        .header('etag', feed.etag)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(feed.body);
    },
  );
};
