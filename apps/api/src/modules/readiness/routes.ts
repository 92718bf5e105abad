// Readiness calls under /api (bearer, the event's organisation): the board, a chase (preview with
// dry_run, or send) and the log of chasers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZChaseRequest,
  ZChaseResponse,
  ZOrganisationReadinessResponse,
  ZReadinessBoardResponse,
  ZReadinessNoticesResponse,
} from '@sp/shared';
import type { ReadCache } from '../../read-cache/index.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { ReadinessService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const params = z.object({ eventId: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['readiness'];
const security = [{ bearer: [] }];

// The two boards are this module's only use of the read cache (read-cache/, send): kept here alone.
export const readinessRoutes: FastifyPluginAsyncZod<{ readiness: ReadinessService; readCache: ReadCache }> = async (
  app,
  { readiness, readCache },
) => {
  app.get(
    '/events/:eventId/readiness',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "An event's readiness board",
        security,
        params,
        response: { 200: ZReadinessBoardResponse, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(
        reply,
        await readiness.boardListing(requireUser(request), request.params.eventId),
        ZReadinessBoardResponse,
      ),
  );

  app.post(
    '/events/:eventId/readiness/chase',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Chase sponsors for what they owe (preview with dry_run)',
        description:
          'One mail per sponsor in their language; at most one a day per sponsor unless `override`. ' +
          'The same `request_id` twice is one chase.',
        security,
        params,
        body: ZChaseRequest,
        response: { 200: ZChaseResponse, ...errors },
      },
    },
    async (request) => readiness.chase(requireUser(request), request.params.eventId, request.body),
  );

  app.get(
    '/events/:eventId/readiness/notices',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The chasers sent for an event, newest first',
        security,
        params,
        response: { 200: ZReadinessNoticesResponse, ...errors },
      },
    },
    async (request) => readiness.notices(requireUser(request), request.params.eventId),
  );

  app.get(
    '/readiness',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The readiness board across the organisation's upcoming events",
        security,
        response: { 200: ZOrganisationReadinessResponse, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(reply, await readiness.organisationListing(requireUser(request)), ZOrganisationReadinessResponse),
  );

  app.post(
    '/readiness/chase',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Chase sponsors of the organisation's upcoming events (preview with dry_run)",
        description:
          'As the event chase, over every upcoming event; `column_key` `deliverables` is every deliverable. ' +
          'At most one a day per sponsorship unless `override`.',
        security,
        body: ZChaseRequest,
        response: { 200: ZChaseResponse, ...errors },
      },
    },
    async (request) => readiness.organisationChase(requireUser(request), request.body),
  );
};
