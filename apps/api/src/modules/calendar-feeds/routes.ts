// Calendar feed calls under /api: the feed itself (`GET /calendar/{token}.ics`, no account, only the
// token in the path); the organiser's feeds of their organisation and of themselves as the person
// responsible (bearer); a sponsorship's feed for its sponsor (bearer, or the invitation link as
// `Authorization: <token>:<email>`).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCalendarFeedStatus,
  ZCreateCalendarFeedRequest,
  ZCreatedCalendarFeed,
  ZListCalendarFeedsResponse,
  ZOrganiserFeedParams,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { CalendarFeedsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 410: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['calendar-feeds'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const calendarFeedsRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedsService }> = async (app, { feeds }) => {
  const bearer = [{ bearer: [] }];

  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar, RFC 5545)',
        description: 'No account: the secret token in the path. 404 for an unknown token, 410 for a revoked one.',
        params: z.object({ token: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(await feeds.document(request.params.token)),
  );

  app.get(
    '/calendar-feeds',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The organiser's feeds: the organisation's and their own as the person responsible",
        security: bearer,
        response: { 200: ZListCalendarFeedsResponse, ...errors },
      },
    },
    async (request) => feeds.listOrganiserFeeds(requireUser(request)),
  );

  app.post(
    '/calendar-feeds/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A new feed link (the live one of the same feed stops working)',
        description: 'The link is shown once; only its hash is stored.',
        security: bearer,
        params: ZOrganiserFeedParams,
        body: ZCreateCalendarFeedRequest,
        response: { 201: ZCreatedCalendarFeed, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await feeds.createOrganiserFeed(requireUser(request), request.params.kind, request.body.language)),
  );

  app.delete(
    '/calendar-feeds/:kind',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Revoke a feed link',
        security: bearer,
        params: ZOrganiserFeedParams,
        response: { 200: ZCalendarFeedStatus, ...errors },
      },
    },
    async (request) => feeds.revokeOrganiserFeed(requireUser(request), request.params.kind),
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/calendar-feed',
      {
        schema: {
          tags,
          summary: "Whether the sponsorship's feed is live",
          description: 'For the sponsor; `Authorization: <token>:<email>` of their link works too.',
          security,
          params: idParams,
          response: { 200: ZCalendarFeedStatus, ...errors },
        },
      },
      async (request) => feeds.sponsorFeedStatus(callerOf(request), request.params.id),
    );

    parties.post(
      '/sponsorships/:id/calendar-feed',
      {
        schema: {
          tags,
          summary: "A new link to the sponsorship's feed (the live one stops working)",
          security,
          params: idParams,
          body: ZCreateCalendarFeedRequest,
          response: { 201: ZCreatedCalendarFeed, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await feeds.createSponsorFeed(callerOf(request), request.params.id, request.body.language)),
    );

    parties.delete(
      '/sponsorships/:id/calendar-feed',
      {
        schema: {
          tags,
          summary: "Revoke the sponsorship's feed link",
          security,
          params: idParams,
          response: { 200: ZCalendarFeedStatus, ...errors },
        },
      },
      async (request) => feeds.revokeSponsorFeed(callerOf(request), request.params.id),
    );
  });
};
