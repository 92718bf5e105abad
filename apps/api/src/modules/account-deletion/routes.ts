// DELETE /user-profile/{cognitoId} (spec section 7, under /api): the account and its data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@sp/shared';
import { unauthenticated } from '../../lib/errors.ts';

export type DeletionCaller = { sub: string; email: string };

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const params = z.object({ cognitoId: z.string().min(1).max(64) });

export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  deleteAccount: (caller: DeletionCaller, cognitoId: string) => Promise<void>;
}> = async (app, { deleteAccount }) => {
  app.addHook('preHandler', app.authenticate);

  app.delete(
    '/user-profile/:cognitoId',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Delete your account and its data',
        security: [{ bearer: [] }],
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthenticated();
      await deleteAccount({ sub: request.user.sub, email: request.user.email }, request.params.cognitoId);
      return reply.status(204).send(null);
    },
  );
};
