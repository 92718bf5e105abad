// GET /organisation/{organisationId}/progress: the step page's three first steps (complete the
// profile, create an event, invite people), for organisers of that organisation only (the events
// module's rule: other callers get 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZOrganiserProgress, type OrganiserProgressWire } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { EventAccess } from '../access/index.ts';
import type { DashboardRepository } from './repository.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ repo: DashboardRepository; access: EventAccess }> = async (
  app,
  { repo, access },
) => {
  app.get(
    '/organisation/:organisationId/progress',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: "Your organisation's first steps: profile complete, an event, people invited",
        security: [{ bearer: [] }],
        params: z.object({ organisationId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZOrganiserProgress, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request): Promise<OrganiserProgressWire> => {
      const { organisationId } = request.params;
      await access.assertOrganiserOf(requireUser(request), organisationId);
      const facts = await repo.progressFacts(organisationId);
      if (!facts) throw fail('organisation.not-found', 'Organisation not found');
      return {
        organisation_name: facts.name,
        steps: {
          profile: facts.profileComplete,
          event: facts.events > 0,
          invite: facts.invitations > 0 || facts.members > 1,
        },
        events: facts.events,
        invitations: facts.invitations,
        members: facts.members,
      };
    },
  );
};
