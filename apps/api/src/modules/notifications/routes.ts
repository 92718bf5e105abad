// GET /notifications and POST /notifications/read: the signed-in user's own alerts (issue 8).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZListNotificationsResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
} from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { NotificationsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError };

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your alerts, newest first (at most 50), with the unread count',
        security: [{ bearer: [] }],
        response: { 200: ZListNotificationsResponse, ...errors },
      },
    },
    async (request) => notifications.list(requireUser(request).sub),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark alerts read: `{ ids }` or `{ all: true }`',
        description: 'Only your own alerts change; ids of anyone else’s are ignored. Answers the new unread count.',
        security: [{ bearer: [] }],
        body: ZMarkNotificationsReadRequest,
        response: { 200: ZMarkNotificationsReadResponse, ...errors },
      },
    },
    async (request) => notifications.markRead(requireUser(request).sub, request.body),
  );
};
