// Team and sponsor invitations: sending, looking up and accepting links, guest links for the chat's
// notices, and the sign-up gate for an invitation link. What a link gives access to is the access
// module's.
import { sponsorshipChange } from '../domain-events.ts';
import { defineModule } from '../kit.ts';
import type { ChatGuestLinks } from '../chat/index.ts';
import { createInvitationsRepository } from './repository.ts';
import { invitationsRoutes } from './routes.ts';
import { createInvitationsService, createSponsorGuestLinks, type InvitationsService } from './service.ts';
import { createTeamInvitations } from './team-invitations.ts';
import { createTeamInvitationsRepository } from './team-invitations-repository.ts';

export { invitationTokenGate } from './sign-up-gate.ts';

export type InvitationsApi = {
  guestLinks: ChatGuestLinks;
  /** For the renewals module: a renewal's invitation into the next edition (decision 101). */
  inviteForRenewal: InvitationsService['inviteForRenewal'];
};

export const invitationsModule = defineModule({
  name: 'invitations',
  ports: ['db', 'mail', 'config', 'clock', 'events'],
  setup: ({ db, mail, config, clock, events, use }) => {
    const sponsorships = use('sponsorships', 'writes');
    const profiles = use('profiles');
    const repo = createInvitationsRepository(db, {
      upsertInvitedSponsorship: (trx, input) => sponsorships.upsertInvitedSponsorship(trx, input),
      linkSponsorAccount: (trx, id, sub, now) => sponsorships.linkSponsorAccount(trx, id, sub, now),
      joinOrganisation: (trx, member) => profiles.joinOrganisation(trx, member),
    });
    const invitations = createInvitationsService({
      repo,
      profiles,
      access: use('access', 'events'),
      packages: use('packages'),
      mail,
      publicUrl: config.publicUrl,
      teamTtlDays: config.invitations.teamTtlDays,
      sponsorAccessDays: config.invitations.sponsorAccessDays,
      defaultLanguage: config.defaultLanguage,
      clock,
      notifySponsorship: async (activity) => {
        await events.publish('sponsorship.activity', activity);
        await events.publish(
          'sponsorship.changed',
          sponsorshipChange(activity.organisationId, activity.sponsorEmail, activity.sponsorshipId ?? null, [
            'sponsorship',
          ]),
        );
      },
      onTeamInvitationAccepted: (invitation, caller) =>
        events.publish('invitation.team-accepted', {
          invitationId: invitation.id,
          email: caller.email,
          acceptedBy: caller.sub,
        }),
    });
    const teamInvitations = createTeamInvitations({
      repo: createTeamInvitationsRepository(db),
      access: use('access', 'events'),
      profiles,
      mail,
      publicUrl: config.publicUrl,
      teamTtlDays: config.invitations.teamTtlDays,
      defaultLanguage: config.defaultLanguage,
      clock,
    });
    return {
      api: {
        guestLinks: createSponsorGuestLinks({ repo, sponsorAccessDays: config.invitations.sponsorAccessDays, clock }),
        inviteForRenewal: (input) => invitations.inviteForRenewal(input),
      },
      routes: async (app) => app.register(invitationsRoutes, { invitations, teamInvitations }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    invitations: InvitationsApi;
  }
}
