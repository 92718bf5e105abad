// Fulfilment calls under /api: the organisation's deliverables across events and per event, with
// filters, and their changes (bearer); a sponsorship's deliverables and activity, comments and the
// sponsor's input for both parties (bearer, or the invitation link as `Authorization: <token>:<email>`);
// the signed-in sponsor's open deliverables; the per-event summary for the event list.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddDeliverableCommentRequest,
  ZApiError,
  ZDeliverable,
  ZDeliverablesQuery,
  ZFulfilmentSummaryResponse,
  ZListDeliverablesResponse,
  ZMyDeliverablesResponse,
  ZProvideDeliverableInputRequest,
  ZSponsorshipDeliverablesResponse,
  ZUpdateDeliverableRequest,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { FulfilmentService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['fulfilment'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  fulfilment: FulfilmentService;
  /** Tells the sponsorship's parties' live screens that its deliverables changed. */
  announce: (sponsorshipId: number) => Promise<void>;
}> = async (app, { fulfilment, announce }) => {
  const announced = async <T extends { sponsorship_id: number }>(deliverable: T): Promise<T> => {
    await announce(deliverable.sponsorship_id);
    return deliverable;
  };
  const bearer = [{ bearer: [] }];

  app.get(
    '/fulfilment',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Your organisation's deliverables across events",
        description: 'Filters: status, assignee (an account id or `none`), due_before, sponsor, event_id.',
        security: bearer,
        querystring: ZDeliverablesQuery,
        response: { 200: ZListDeliverablesResponse, ...errors },
      },
    },
    async (request) => fulfilment.list(requireUser(request), request.query),
  );

  app.get(
    '/event/:id/deliverables',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "An event's deliverables",
        security: bearer,
        params: idParams,
        querystring: ZDeliverablesQuery.omit({ event_id: true }),
        response: { 200: ZListDeliverablesResponse, ...errors },
      },
    },
    async (request) => fulfilment.list(requireUser(request), { ...request.query, event_id: request.params.id }),
  );

  app.get(
    '/organisation/:id/fulfilment-summary',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Per event: deliverables done (or waived) of total, and overdue',
        security: bearer,
        params: idParams,
        response: { 200: ZFulfilmentSummaryResponse, ...errors },
      },
    },
    async (request) => fulfilment.summary(requireUser(request), request.params.id),
  );

  app.get(
    '/my-deliverables',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in sponsor's open deliverables",
        security: bearer,
        response: { 200: ZMyDeliverablesResponse, ...errors },
      },
    },
    async (request) => fulfilment.mine(requireUser(request)),
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/deliverables',
      {
        schema: {
          tags,
          summary: "A sponsorship's deliverables and their activity log",
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security,
          params: idParams,
          response: { 200: ZSponsorshipDeliverablesResponse, ...errors },
        },
      },
      async (request) => fulfilment.forSponsorship(callerOf(request), request.params.id),
    );

    parties.patch(
      '/deliverables/:id',
      {
        schema: {
          tags,
          summary: 'Change the status, assignee or due date of a deliverable',
          description: 'For members of the organisation; 403 for the sponsor.',
          security,
          params: idParams,
          body: ZUpdateDeliverableRequest,
          response: { 200: ZDeliverable, ...errors },
        },
      },
      async (request) => announced(await fulfilment.update(callerOf(request), request.params.id, request.body)),
    );

    parties.put(
      '/deliverables/:id/input',
      {
        schema: {
          tags,
          summary: "The sponsor's input for a deliverable (company text, talk title, names)",
          security,
          params: idParams,
          body: ZProvideDeliverableInputRequest,
          response: { 200: ZDeliverable, ...errors },
        },
      },
      async (request) =>
        announced(await fulfilment.provideInput(callerOf(request), request.params.id, request.body.text)),
    );

    parties.post(
      '/deliverables/:id/comments',
      {
        schema: {
          tags,
          summary: 'Comment on a deliverable',
          security,
          params: idParams,
          body: ZAddDeliverableCommentRequest,
          response: { 200: ZDeliverable, ...errors },
        },
      },
      async (request) => announced(await fulfilment.comment(callerOf(request), request.params.id, request.body.text)),
    );
  });
};
