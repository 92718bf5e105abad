// The team calls of spec section 7 under /api: list an organisation's members and remove one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZListTeamMembersResponse } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { TeamService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const organisationId = z.coerce.number().int().min(1).max(2_147_483_647);

export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/users/:organisationId',
    {
      schema: {
        tags: ['team'],
        summary: "Your organisation's members",
        security: [{ bearer: [] }],
        params: z.object({ organisationId }),
        response: { 200: ZListTeamMembersResponse, ...errors },
      },
    },
    async (request) => team.listMembers(requireUser(request), request.params.organisationId),
  );

  app.delete(
    '/users/:organisationId/:cognitoId',
    {
      schema: {
        tags: ['team'],
        summary: 'Remove a member from your organisation (owner only)',
        security: [{ bearer: [] }],
        params: z.object({ organisationId, cognitoId: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await team.removeMember(requireUser(request), request.params.organisationId, request.params.cognitoId);
      return reply.status(204).send(null);
    },
  );
};
