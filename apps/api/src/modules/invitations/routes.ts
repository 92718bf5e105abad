// The invitation calls of spec section 7, under /api: create and accept (bearer), look up (no auth),
// and the sponsor invitation of an event.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitationRequest,
  ZApiError,
  ZCreateInvitationRequest,
  ZCreateInvitationResponse,
  ZCreateSponsorInvitationRequest,
  ZCreateSponsorInvitationResponse,
  ZGetUserProfileResponse,
  ZInvitationLookupResponse,
  ZListTeamInvitationsResponse,
  ZRemindSponsorResponse,
  ZRenewTeamInvitationResponse,
  ZTeamInvitation,
} from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { InvitationsService } from './service.ts';
import type { TeamInvitations } from './team-invitations.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  teamInvitations: TeamInvitations;
}> = async (app, { invitations, teamInvitations }) => {
  const caller = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return { sub: user.sub, email: user.email };
  };

  app.post(
    '/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone into your organisation, with your own role',
        description: 'Mails the link and answers it (url) so it can be shared or copied. 409 when already a member.',
        security: [{ bearer: [] }],
        body: ZCreateInvitationRequest,
        response: { 201: ZCreateInvitationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.createTeamInvitation(
        caller(request),
        request.body,
        request.headers['accept-language'],
      );
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link is for (no authentication)',
        description: '404 for an unknown, used or expired link; 410 `invitation.revoked` for a revoked one.',
        params: tokenParams,
        response: { 200: ZInvitationLookupResponse, 404: ZApiError, 410: ZApiError },
      },
    },
    async (request) => invitations.lookup(request.params.token),
  );

  app.post(
    '/invitations/accept/:token',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation addressed to you',
        security: [{ bearer: [] }],
        params: tokenParams,
        body: ZAcceptInvitationRequest,
        response: { 200: ZGetUserProfileResponse, ...errors, 410: ZApiError },
      },
    },
    async (request) => ({
      user: await invitations.accept(caller(request), request.params.token, request.body),
    }),
  );

  app.post(
    '/sponsor-invitation',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Invite a sponsor to one of your events',
        description: 'Creates (or re-issues) the sponsorship and mails the sponsor their link.',
        security: [{ bearer: [] }],
        body: ZCreateSponsorInvitationRequest,
        response: { 201: ZCreateSponsorInvitationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await invitations.inviteSponsor(caller(request), request.body, request.headers['accept-language']);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/sponsorships/:id/invitation',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Mail a sponsor their invitation again, as a reminder',
        description:
          'A new link; the earlier stops working, the offer and amount stay. Organisers of the event, while the sponsor ' +
          'has not signed (409 after); at most once an hour per sponsorship (429).',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ZRemindSponsorResponse, ...errors, 429: ZApiError },
      },
    },
    async (request) =>
      invitations.remindSponsor(caller(request), request.params.id, request.headers['accept-language']),
  );

  app.get(
    '/organisation/:organisationId/team-invitations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: "Your organisation's team invitations with their state and expiry, newest first",
        security: [{ bearer: [] }],
        params: z.object({ organisationId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZListTeamInvitationsResponse, ...errors },
      },
    },
    async (request) => teamInvitations.list(caller(request), request.params.organisationId),
  );

  for (const action of ['resend', 'link'] as const) {
    app.post(
      `/team-invitations/:id/${action}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['invitations'],
          summary:
            action === 'resend'
              ? 'Mail a team invitation again with a new link and expiry'
              : 'A new link of a team invitation to copy (not mailed)',
          description:
            'Only hashes of links are stored, so this issues a new one; the earlier link stops working. 409 once accepted.',
          security: [{ bearer: [] }],
          params: idParams,
          response: { 200: ZRenewTeamInvitationResponse, ...errors },
        },
      },
      async (request) =>
        action === 'resend'
          ? teamInvitations.resend(caller(request), request.params.id, request.headers['accept-language'])
          : teamInvitations.link(caller(request), request.params.id),
    );
  }

  app.delete(
    '/team-invitations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['invitations'],
        summary: 'Revoke a team invitation: its link then says it was revoked',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ZTeamInvitation, ...errors },
      },
    },
    async (request) => teamInvitations.revoke(caller(request), request.params.id),
  );
};
