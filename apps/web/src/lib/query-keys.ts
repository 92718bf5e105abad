/**
 * Query keys live here and are used only inside the features' `xQueryOptions()` factories
 * (one per endpoint, next to its fetcher in `features/<feature>/api/<verb>-<thing>.ts`):
 *
 *   export function userProfileQueryOptions(sub: string) {
 *     return queryOptions({
 *       queryKey: queryKeys.userProfile(sub),
 *       queryFn: ({ signal }) => getUserProfile(sub, { signal }),
 *       staleTime: STALE_TIMES.userProfile,
 *       refetchOnWindowFocus: false,
 *     });
 *   }
 *
 * Components and loaders pass the options object (`useSuspenseQuery(userProfileQueryOptions(sub))`,
 * `queryClient.ensureQueryData(...)`); mutations invalidate through `xQueryOptions(...).queryKey`
 * or a prefix below. Nothing else writes a key by hand, so invalidation cannot miss.
 */
export const queryKeys = {
  userProfile: (sub: string) => ['user-profile', sub] as const,
  invitation: (token: string) => ['invitation', token] as const,
  teamMembers: (organisationId: number) => ['team-members', organisationId] as const,
  /** The team page's invitations with their state (issue 21, point 5). */
  teamInvitations: (organisationId: number) => ['team-invitations', organisationId] as const,
  /** Who changed billing settings, the team or keys, and the operator commands (owner only; decision 077). */
  operatorLog: (organisationId: number) => ['operator-log', organisationId] as const,
  events: {
    all: ['events'] as const,
    list: (organisationId: number) => ['events', 'list', organisationId] as const,
    /** The archived ones (issue 21, point 4); under `list`, so invalidating the list reaches it. */
    archivedList: (organisationId: number) => ['events', 'list', organisationId, 'archived'] as const,
    /** What deleting the event would remove (its confirmation). */
    deletion: (eventId: number) => ['events', 'deletion', eventId] as const,
    detail: (eventId: number) => ['events', 'detail', eventId] as const,
  },
  organiserTasks: (organisationId: number) => ['organiser-tasks', organisationId] as const,
  /** Every organisation's tasks (a live change refreshes whichever is shown). */
  allOrganiserTasks: ['organiser-tasks'] as const,
  search: (q: string) => ['search', q] as const,
  settings: ['settings'] as const,
  /** The signed-in user's in-app notifications (the header's bell). */
  alerts: ['alerts'] as const,
  /** `viewer` is 'me' for the signed-in user or the guest's address (their answers may differ). */
  sponsorships: {
    all: ['sponsorships'] as const,
    detail: (sponsorshipId: number, viewer: string) => ['sponsorships', 'detail', sponsorshipId, viewer] as const,
    ofEvent: (eventId: number) => ['sponsorships', 'event', eventId] as const,
    /** GET /sponsorships: the signed-in sponsor's own. */
    mine: ['sponsorships', 'mine'] as const,
    /** The organisation's sponsors and one sponsor's page (decision 109): under `all`, so any change refreshes them. */
    sponsorList: ['sponsorships', 'sponsor-view'] as const,
    sponsorPage: (key: string) => ['sponsorships', 'sponsor-view', key] as const,
    /** The generated agreement's state: under `all`, so a choice of package or amount refreshes the draft. */
    agreement: (sponsorshipId: number, viewer: string) => ['sponsorships', 'agreement', sponsorshipId, viewer] as const,
    /** The sealed sponsor report's state (decision 108). */
    report: (sponsorshipId: number, viewer: string) => ['sponsorships', 'report', sponsorshipId, viewer] as const,
  },
  /** An event's packages (organisers) and a sponsorship's offer, choice and activity (both parties). */
  packages: {
    all: ['packages'] as const,
    ofEvent: (eventId: number) => ['packages', 'event', eventId] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['packages', 'sponsorship', sponsorshipId, viewer] as const,
    numbers: (organisationId: number) => ['packages', 'numbers', organisationId] as const,
  },
  /** Deliverables of confirmed sponsorships: the organisation's (filtered) and one sponsorship's. */
  fulfilment: {
    all: ['fulfilment'] as const,
    list: (filters: Record<string, string | number | undefined>) => ['fulfilment', 'list', filters] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['fulfilment', 'sponsorship', sponsorshipId, viewer] as const,
  },
  /** Issue 59 point 5: a sponsorship's ticket seats and an event's ticket holders. */
  tickets: {
    all: ['tickets'] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['tickets', 'sponsorship', sponsorshipId, viewer] as const,
    ofEvent: (eventId: number) => ['tickets', 'event', eventId] as const,
  },
  /** Issue 61 point 2: the organisation's webhook endpoints and each one's deliveries. */
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const,
  },
  /** Issue 59 point 7: whether the organiser's and a sponsorship's calendar feeds are live. */
  calendarFeeds: {
    all: ['calendar-feeds'] as const,
    organiser: ['calendar-feeds', 'organiser'] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['calendar-feeds', 'sponsorship', sponsorshipId, viewer] as const,
  },
  /** Issue 59 point 6: a sponsorship's and an event's parcels, the event's venue link, the venue's view. */
  shipments: {
    all: ['shipments'] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['shipments', 'sponsorship', sponsorshipId, viewer] as const,
    ofEvent: (eventId: number) => ['shipments', 'event', eventId] as const,
    venueLink: (eventId: number) => ['shipments', 'venue-link', eventId] as const,
    ofVenue: (token: string) => ['shipments', 'venue', token] as const,
    /** Outside 'shipments': a photo never changes, a live refetch of the lists leaves it. */
    photo: (path: string) => ['shipment-photo', path] as const,
  },
  /** Issue 20: the organisation's billing settings, its invoices (filtered), one sponsorship's and the sums. */
  invoices: {
    all: ['invoices'] as const,
    settings: (organisationId: number) => ['invoices', 'settings', organisationId] as const,
    list: (organisationId: number, filters: Record<string, string | number | undefined>) =>
      ['invoices', 'list', organisationId, filters] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['invoices', 'sponsorship', sponsorshipId, viewer] as const,
    numbers: (organisationId: number) => ['invoices', 'numbers', organisationId] as const,
    paymentDetails: (invoiceId: number, viewer: string) => ['invoices', 'payment', invoiceId, viewer] as const,
  },
  /** The sponsor's own profile (`viewer` as for sponsorships) and the events' sponsor walls. */
  sponsorProfile: (viewer: string) => ['sponsor-profile', viewer] as const,
  /** Every viewer's profile (a live change of the sponsor's details refreshes whichever is shown). */
  sponsorProfiles: ['sponsor-profile'] as const,
  sponsorLegalDetails: (viewer: string) => ['sponsor-legal-details', viewer] as const,
  sponsorLegalDetailsAll: ['sponsor-legal-details'] as const,
  /** An event's readiness board and notice log (decision 080): every part of a sponsorship shows there. */
  readiness: {
    all: ['readiness'] as const,
    event: (eventId: number) => ['readiness', eventId] as const,
    /** The board across the organisation's upcoming events. */
    organisation: ['readiness', 'organisation'] as const,
  },
  /** An event's renewal view (organisers) and a sponsorship's renewal offer (its sponsor); decision 101. */
  renewals: {
    all: ['renewals'] as const,
    ofEvent: (eventId: number) => ['renewals', 'event', eventId] as const,
    ofSponsorship: (sponsorshipId: number, viewer: string) =>
      ['renewals', 'sponsorship', sponsorshipId, viewer] as const,
  },
  sponsorWall: {
    all: ['sponsor-wall'] as const,
    settings: (eventId: number) => ['sponsor-wall', 'settings', eventId] as const,
    feed: (eventId: number) => ['sponsor-wall', 'feed', eventId] as const,
    /** The organisers' figures of the event's wall (decision 102). */
    stats: (eventId: number) => ['sponsor-wall', 'stats', eventId] as const,
    /** A sponsorship's own wall figures, per viewer (account or guest link). */
    own: (sponsorshipId: number, who: string) => ['sponsor-wall', 'own', sponsorshipId, who] as const,
  },
  organiserProgress: (organisationId: number) => ['organiser-progress', organisationId] as const,
  allOrganiserProgress: ['organiser-progress'] as const,
  /** An event's generated-agreement settings (issue 19; a sponsorship's agreement is under `sponsorships`). */
  agreementSettings: (eventId: number) => ['agreement-settings', eventId] as const,
  /** GET /archived-agreements: the signed-in sponsor's agreements kept after an organisation's deletion. */
  archivedAgreements: ['archived-agreements'] as const,
  /** The signed-in user's own security settings at the identity provider (the profile's security section). */
  accountSecurity: {
    totp: ['account-security', 'totp'] as const,
    devices: ['account-security', 'devices'] as const,
  },
  /** `scope` tells a signed-in user's chat ('me') from a guest's (see lib/chat/chat-auth.ts). */
  conversations: {
    all: ['conversations'] as const,
    scope: (scope: string) => ['conversations', scope] as const,
    list: (scope: string) => ['conversations', scope, 'list'] as const,
    messages: (scope: string, conversationId: number) => ['conversations', scope, 'messages', conversationId] as const,
    unread: (scope: string) => ['conversations', scope, 'unread'] as const,
  },
} as const;
