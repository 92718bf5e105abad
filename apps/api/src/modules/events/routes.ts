// The event calls of spec section 7 under /api. Saving follows spec section 4: POST /event/-1
// creates, PUT /event/{id} changes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEW_EVENT_ID,
  ZApiError,
  ZEvent,
  ZEventDeletionPreview,
  ZListEventsQuery,
  ZListEventsResponse,
  ZSaveEventRequest,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { ReadCache } from '../../read-cache/index.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { EventsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const id = z.coerce.number().int().min(-1).max(2_147_483_647);

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService; readCache: ReadCache }> = async (
  app,
  { events, readCache },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/events/:organisationId',
    {
      schema: {
        tags: ['events'],
        summary: "List an organisation's events, newest event date first",
        description:
          'The events in use, or with `archived=true` the archived ones. The total number is in the X-Total-Count header.',
        security: [{ bearer: [] }],
        params: z.object({ organisationId: id.min(1) }),
        querystring: ZListEventsQuery,
        response: { 200: ZListEventsResponse, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(
        reply,
        await events.listing(requireUser(request), request.params.organisationId, request.query),
        ZListEventsResponse,
      ),
  );

  app.get(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Read an event',
        security: [{ bearer: [] }],
        params: z.object({ id }),
        response: { 200: ZEvent, ...errors },
      },
    },
    async (request, reply) =>
      readCache.send(reply, await events.reading(requireUser(request), request.params.id), ZEvent),
  );

  app.post(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event (id -1) in your organisation',
        security: [{ bearer: [] }],
        params: z.object({ id }),
        body: ZSaveEventRequest,
        response: { 201: ZEvent, ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.id !== NEW_EVENT_ID)
        throw fail('event.wrong-method', 'Use POST /event/-1 to create and PUT /event/{id} to change an event');
      return reply.status(201).send(await events.create(requireUser(request), request.body));
    },
  );

  app.put(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Change an event; `files` becomes its file list',
        security: [{ bearer: [] }],
        params: z.object({ id }),
        body: ZSaveEventRequest,
        response: { 200: ZEvent, ...errors },
      },
    },
    async (request) => {
      if (request.params.id === NEW_EVENT_ID) throw fail('event.wrong-method', 'Use POST /event/-1 to create an event');
      return events.update(requireUser(request), request.params.id, request.body);
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/event/:id/${action}`,
      {
        schema: {
          tags: ['events'],
          summary: archived
            ? 'Archive an event: hidden from the lists and the sponsor wall until unarchived'
            : 'Bring an archived event back into the lists',
          security: [{ bearer: [] }],
          params: z.object({ id: id.min(1) }),
          response: { 200: ZEvent, ...errors },
        },
      },
      async (request) => events.setArchived(requireUser(request), request.params.id, archived),
    );
  }

  app.get(
    '/event/:id/deletion',
    {
      schema: {
        tags: ['events'],
        summary: 'What deleting the event would remove, and whether it may be deleted',
        security: [{ bearer: [] }],
        params: z.object({ id: id.min(1) }),
        response: { 200: ZEventDeletionPreview, ...errors },
      },
    },
    async (request) => events.deletionPreview(requireUser(request), request.params.id),
  );

  app.delete(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Delete an event for good (only while every sponsorship is still `invited`)',
        description:
          'Removes its sponsor invitations (their links stop working), packages and files (also from storage). 409 `event.has-sponsorships` otherwise.',
        security: [{ bearer: [] }],
        params: z.object({ id: id.min(1) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await events.delete(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
