// Ticket calls under /api: a sponsorship's tickets and naming people (both parties; the sponsor may
// use the invitation link as `Authorization: <token>:<email>`); an event's list, its CSV and the
// door's check-in (organisers of the event's organisation).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddTicketHolderRequest,
  ZApiError,
  ZCheckInRequest,
  ZCheckInResponse,
  ZEventTicketsResponse,
  ZNameTicketHolderRequest,
  ZSponsorshipTicketsResponse,
} from '@sp/shared';
import { AppError } from '../../lib/errors.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { RateLimit } from '../../plugins/rate-limit.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { TicketsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['tickets'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

/**
 * The door's limit (decision 086): check-ins per signed-in user and window, counted after sign-in in
 * the request limits' store (Redis when configured, so shared by all processes). Over it: 429
 * `ticket.too-many-attempts` with Retry-After. A store that does not answer lets the check-in through.
 */
function checkInLimiter(app: FastifyInstance, limit: RateLimit) {
  if (!limit) return async () => undefined;
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => `checkIn:${requireUser(request).sub}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'rate limit store unavailable; check-in let through');
      return null;
    });
    if (result && !result.isAllowed && result.isExceeded)
      throw new AppError('ticket.too-many-attempts', 'Too many check-ins from this account', undefined, {
        'retry-after': String(Math.max(1, Math.ceil(result.ttlInSeconds))),
      });
  };
}

export const ticketsRoutes: FastifyPluginAsyncZod<{
  tickets: TicketsService;
  announce: (sponsorshipId: number) => Promise<void>;
  checkInLimit: RateLimit;
}> = async (app, { tickets, announce, checkInLimit }) => {
  const bearer = [{ bearer: [] }];
  const limitCheckIns = checkInLimiter(app, checkInLimit);

  app.get(
    '/event/:id/tickets',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Everyone named for the event's sponsor tickets, and who came",
        security: bearer,
        params: idParams,
        response: { 200: ZEventTicketsResponse, ...errors },
      },
    },
    async (request) => tickets.forEvent(requireUser(request), request.params.id),
  );

  app.get(
    '/event/:id/tickets.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The event's ticket holders as CSV (semicolons, UTF-8 with BOM)",
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await tickets.csvForEvent(requireUser(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/event/:id/check-in',
    {
      preHandler: [app.authenticate, limitCheckIns],
      schema: {
        tags,
        summary: 'Check a ticket in at the door (scanned QR or typed code)',
        description:
          '200 `admitted` the first time, `already_checked_in` with the time after; 400 `ticket.forged`, 409 `ticket.other-event`, 404 `ticket.not-found` (replaced or removed); 429 `ticket.too-many-attempts` past the check-ins per user and minute.',
        security: bearer,
        params: idParams,
        body: ZCheckInRequest,
        response: { 200: ZCheckInResponse, ...errors, 429: ZApiError },
      },
    },
    async (request) => tickets.checkIn(requireUser(request), request.params.id, request.body.code),
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
    const announced = async <T extends { sponsorship_id: number }>(body: T): Promise<T> => {
      await announce(body.sponsorship_id);
      return body;
    };

    parties.get(
      '/sponsorships/:id/tickets',
      {
        schema: {
          tags,
          summary: "A sponsorship's ticket seats and the people named",
          security,
          params: idParams,
          response: { 200: ZSponsorshipTicketsResponse, ...errors },
        },
      },
      async (request) => tickets.forSponsorship(callerOf(request), request.params.id),
    );

    parties.post(
      '/sponsorships/:id/tickets',
      {
        schema: {
          tags,
          summary: 'Name a person for a seat (a ticket mail goes to them)',
          description:
            '409 `ticket.seats-taken` when every seat is named, `ticket.deadline-passed` after the deadline.',
          security,
          params: idParams,
          body: ZAddTicketHolderRequest,
          response: { 200: ZSponsorshipTicketsResponse, ...errors },
        },
      },
      async (request) => await announced(await tickets.add(callerOf(request), request.params.id, request.body)),
    );

    parties.put(
      '/tickets/:id',
      {
        schema: {
          tags,
          summary: 'Give a seat to another person (the old ticket stops working, a new one is mailed)',
          security,
          params: idParams,
          body: ZNameTicketHolderRequest,
          response: { 200: ZSponsorshipTicketsResponse, ...errors },
        },
      },
      async (request) => await announced(await tickets.change(callerOf(request), request.params.id, request.body)),
    );

    parties.delete(
      '/tickets/:id',
      {
        schema: {
          tags,
          summary: 'Free a seat (the ticket stops working)',
          security,
          params: idParams,
          response: { 200: ZSponsorshipTicketsResponse, ...errors },
        },
      },
      async (request) => await announced(await tickets.remove(callerOf(request), request.params.id)),
    );
  });
};
