// GET /search?q=: the header's search over events, conversations and team members the caller may see.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZSearchQuery, ZSearchResponse, type SearchResponse } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { likePattern, type SearchRepository } from './repository.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ repo: SearchRepository }> = async (app, { repo }) => {
  app.get(
    '/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['search'],
        summary: 'Search events, conversations and team members you may see',
        security: [{ bearer: [] }],
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request): Promise<SearchResponse> => {
      const user = requireUser(request);
      const caller = await repo.caller(user.sub);
      const who = { organisationId: caller?.organisationId ?? null, emailNormalized: normaliseEmail(user.email) };
      const pattern = likePattern(request.query.q);
      const [events, conversations, teamMembers] = await Promise.all([
        repo.events(who, pattern, request.query.q),
        repo.conversations(who, pattern),
        who.organisationId === null ? [] : repo.teamMembers(who.organisationId, pattern),
      ]);
      return { events, conversations, team_members: teamMembers };
    },
  );
};
