// Wall figure calls under /api (decision 102): the public wall's view beacon and click redirect (no
// sign-in, no cookie; obvious robots and addresses over their limit are answered alike but not
// counted), the organisers' figures of an event (bearer) and a sponsorship's own figures for both
// parties (bearer, or the invitation link as `Authorization: <token>:<email>`).
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZEventWallStats,
  ZSponsorshipWallStats,
  ZWallClickQuery,
  ZWallStatsQuery,
  ZWallViewsRequest,
} from '@sp/shared';
import type { RateLimit } from '../../plugins/rate-limit.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import { isObviousRobot } from './bots.ts';
import type { WallStatsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const idParams = z.object({ id });
const tags = ['sponsor-wall'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

/**
 * Counts per address and window in the request limits' store, keyed by a keyed hash of the address
 * with a salt this process draws at start and never writes: the store holds no address, and the key
 * means nothing after a restart. Over the limit the request is answered as usual, only not counted.
 */
function countingLimit(app: FastifyInstance, limit: RateLimit) {
  if (!limit) return async () => true;
  const salt = randomBytes(32);
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) =>
      `wallStats:${createHmac('sha256', salt).update(request.ip).digest('base64url').slice(0, 22)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request).catch(() => null);
    return !(result && !result.isAllowed && result.isExceeded);
  };
}

export const wallStatsRoutes: FastifyPluginAsyncZod<{ stats: WallStatsService; limit: RateLimit }> = async (
  app,
  { stats, limit },
) => {
  const withinLimit = countingLimit(app, limit);
  const notCounted = async (request: FastifyRequest) =>
    isObviousRobot(request.headers) || !(await withinLimit(request));

  app.post(
    '/public/events/:id/wall-views',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Counts one view of the public sponsor wall (no sign-in, no cookie)',
        description:
          'The entries (`id` of the feed) the page showed, each counted once for the day and placement. ' +
          'Nothing about the visitor is stored; obvious robots are not counted. 404 unless the wall is public.',
        params: idParams,
        body: ZWallViewsRequest,
        response: { 204: z.null(), 400: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { placement, sponsors } = request.body;
      await stats.view(request.params.id, placement, sponsors, await notCounted(request));
      return reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .status(204)
        .send(null);
    },
  );

  app.get(
    '/public/events/:id/wall-click/:sponsorshipId',
    {
      schema: {
        tags,
        summary: "Counts a click on a wall entry and leads to the sponsor's website (no sign-in, no cookie)",
        params: z.object({ id, sponsorshipId: id }),
        querystring: ZWallClickQuery,
        response: { 302: z.null(), 400: ZApiError, 404: ZApiError },
      },
    },
    async (request, typedReply) => {
      const website = await stats.click(
        request.params.id,
        request.params.sponsorshipId,
        request.query.placement,
        await notCounted(request),
      );
      const reply = typedReply as FastifyReply;
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'origin').redirect(website, 302);
    },
  );

  app.get(
    '/event/:id/sponsor-wall/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The event's wall figures per sponsor and day (organisers)",
        security: [{ bearer: [] }],
        params: idParams,
        querystring: ZWallStatsQuery,
        response: { 200: ZEventWallStats, ...errors },
      },
    },
    async (request) => stats.ofEvent(requireUser(request), request.params.id, request.query.days),
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    parties.get(
      '/sponsorships/:id/wall-stats',
      {
        schema: {
          tags,
          summary: "A sponsorship's own wall figures per day and placement",
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security: [{ bearer: [] }, {}],
          params: idParams,
          querystring: ZWallStatsQuery,
          response: { 200: ZSponsorshipWallStats, ...errors },
        },
      },
      async (request) => stats.ofSponsorship(callerOf(request), request.params.id, request.query.days),
    );
  });
};
