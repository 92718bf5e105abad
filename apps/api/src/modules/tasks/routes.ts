// GET /organisation/{organisationId}/tasks: the organiser dashboard's open tasks, for organisers of
// that organisation only (the events module's rule: other callers get 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZOrganiserTasks, type OrganiserTasksWire } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { EventAccess } from '../access/index.ts';
import type { FulfilmentApi } from '../fulfilment/index.ts';
import type { InvoicesApi } from '../invoices/index.ts';
import type { TasksRepository } from './repository.ts';

export const tasksRoutes: FastifyPluginAsyncZod<{
  repo: TasksRepository;
  access: EventAccess;
  fulfilment: Pick<FulfilmentApi, 'overdue'>;
  invoices: Pick<InvoicesApi, 'overdue'>;
  clock?: () => Date;
}> = async (app, { repo, access, fulfilment, invoices, clock = () => new Date() }) => {
  app.get(
    '/organisation/:organisationId/tasks',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Open tasks of your organisation',
        description:
          'Events without their PDF, signed sponsorships waiting for confirmation, team invitations not yet accepted, sponsors who have not signed, overdue deliverables and overdue invoices.',
        security: [{ bearer: [] }],
        params: z.object({ organisationId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZOrganiserTasks, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request): Promise<OrganiserTasksWire> => {
      const { organisationId } = request.params;
      await access.assertOrganiserOf(requireUser(request), organisationId);
      const [events, sponsorships, invitations, overdue, unpaid] = await Promise.all([
        repo.eventsWithoutFile(organisationId),
        repo.sponsorshipsToConfirm(organisationId),
        repo.pendingInvitations(organisationId, clock()),
        fulfilment.overdue(organisationId, clock()),
        invoices.overdue(organisationId, clock()),
      ]);
      return {
        events_without_file: events,
        sponsorships_to_confirm: sponsorships,
        pending_invitations: invitations,
        overdue_deliverables: overdue,
        overdue_invoices: unpaid,
        total: events.length + sponsorships.length + invitations.length + overdue.length + unpaid.length,
      };
    },
  );
};
