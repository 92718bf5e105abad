// GET /organisation/:id/operator-log: the organisation's owner only (members and others get 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZOperatorLogResponse } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { EventAccess } from '../access/index.ts';
import { listOperatorEntries } from './repository.ts';

export const operatorLogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  access: Pick<EventAccess, 'isOwnerOf'>;
}> = async (app, { db, access }) => {
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/organisation/:id/operator-log',
    {
      schema: {
        tags: ['operator-log'],
        summary: 'Who changed billing settings, the team or keys, and which operator commands ran (owner only)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZOperatorLogResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      // A member, another organisation's owner and a stranger are all told the same.
      if (!(await access.isOwnerOf(requireUser(request), request.params.id)))
        throw fail('organisation.owner-only', "Only the organisation's owner can read its operator log");
      return { entries: await listOperatorEntries(db, request.params.id) };
    },
  );
};
