// The rules of calendar feeds: an organiser makes, rotates and revokes their organisation's feed and
// their own feed as the person responsible; the sponsor (signed in with the sponsorship's address, or
// as a guest with the invitation link) those of their sponsorship; the organisation sees the
// sponsorship but is refused. The feed itself is read with its token alone and shows only its scope.
import type { CalendarFeedKind, CalendarFeedStatus, CreatedCalendarFeed, ListCalendarFeedsResponse } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import { feedDocument } from './content.ts';
import type { CalendarFeedsRepository, FeedScope } from './repository.ts';
import { hashFeedToken, looksLikeFeedToken, newFeedToken } from './tokens.ts';

type Organiser = { sub: string; email?: string | undefined };
type Language = 'de' | 'en';

const scopeKeyOf = (scope: FeedScope): string =>
  scope.kind === 'organisation'
    ? `organisation:${scope.organisationId}`
    : scope.kind === 'person'
      ? `person:${scope.organisationId}:${scope.personId}`
      : `sponsor:${scope.sponsorshipId}`;

const unknownFeed = () => fail('calendar-feed.not-found', 'Unknown calendar feed');

export function createCalendarFeedsService(deps: {
  repo: CalendarFeedsRepository;
  sponsorships: SponsorshipParties;
  events: EventAccess;
  publicUrl: string;
  clock?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const host = new URL(deps.publicUrl).hostname;

  const organiserScope = async (
    caller: Organiser,
    kind: 'organisation' | 'person',
  ): Promise<Exclude<FeedScope, { kind: 'sponsor' }>> => {
    const organisationId = await deps.events.organiserOrganisation(caller);
    return kind === 'organisation' ? { kind, organisationId } : { kind, organisationId, personId: caller.sub };
  };

  /** The sponsor's own sponsorship; the organisation's side is refused, anyone else gets 404. */
  const sponsorScope = async (caller: SponsorshipCaller, sponsorshipId: number) => {
    const { sponsorship, side } = await deps.sponsorships.visible(caller, sponsorshipId);
    if (side !== 'sponsor') throw fail('calendar-feed.sponsor-subscribes', 'Only the sponsor subscribes here');
    return {
      scope: { kind: 'sponsor', sponsorshipId } satisfies FeedScope,
      organisationId: sponsorship.organisationId,
      createdBy: sponsorship.sponsorEmail,
    };
  };

  const status = async (scopes: FeedScope[]): Promise<CalendarFeedStatus[]> => {
    const live = await repo.live(scopes.map(scopeKeyOf));
    return scopes.map((s) => {
      const at = live.get(scopeKeyOf(s));
      return { kind: s.kind, active: at !== undefined, created_at: at?.toISOString() ?? null };
    });
  };

  const make = async (
    scope: FeedScope,
    organisationId: number,
    createdBy: string,
    language: Language,
  ): Promise<CreatedCalendarFeed> => {
    const token = newFeedToken();
    const at = now();
    await repo.rotate({
      organisationId,
      kind: scope.kind,
      personId: scope.kind === 'person' ? scope.personId : null,
      sponsorshipId: scope.kind === 'sponsor' ? scope.sponsorshipId : null,
      language,
      scopeKey: scopeKeyOf(scope),
      tokenHash: hashFeedToken(token),
      createdBy,
      at,
    });
    const url = `${deps.publicUrl}/api/calendar/${token}.ics`;
    return {
      kind: scope.kind,
      url,
      webcal_url: url.replace(/^https?:\/\//, 'webcal://'),
      created_at: at.toISOString(),
    };
  };

  return {
    /** GET /calendar-feeds: the organiser's organisation feed and own person feed. */
    async listOrganiserFeeds(caller: Organiser): Promise<ListCalendarFeedsResponse> {
      const scopes = [await organiserScope(caller, 'organisation'), await organiserScope(caller, 'person')];
      return { feeds: await status(scopes) };
    },

    /** POST /calendar-feeds/{kind}: a new link; the live one of that scope stops working. */
    async createOrganiserFeed(caller: Organiser, kind: 'organisation' | 'person', language: Language) {
      const scope = await organiserScope(caller, kind);
      return make(scope, scope.organisationId, caller.email ?? caller.sub, language);
    },

    /** DELETE /calendar-feeds/{kind} */
    async revokeOrganiserFeed(caller: Organiser, kind: 'organisation' | 'person'): Promise<CalendarFeedStatus> {
      await repo.revoke(scopeKeyOf(await organiserScope(caller, kind)), now());
      return { kind, active: false, created_at: null };
    },

    /** GET /sponsorships/{id}/calendar-feed */
    async sponsorFeedStatus(caller: SponsorshipCaller, sponsorshipId: number): Promise<CalendarFeedStatus> {
      const { scope } = await sponsorScope(caller, sponsorshipId);
      return (await status([scope]))[0]!;
    },

    /** POST /sponsorships/{id}/calendar-feed */
    async createSponsorFeed(caller: SponsorshipCaller, sponsorshipId: number, language: Language) {
      const { scope, organisationId, createdBy } = await sponsorScope(caller, sponsorshipId);
      return make(scope, organisationId, createdBy, language);
    },

    /** DELETE /sponsorships/{id}/calendar-feed */
    async revokeSponsorFeed(caller: SponsorshipCaller, sponsorshipId: number): Promise<CalendarFeedStatus> {
      const { scope } = await sponsorScope(caller, sponsorshipId);
      await repo.revoke(scopeKeyOf(scope), now());
      return { kind: 'sponsor', active: false, created_at: null };
    },

    /** GET /calendar/{token}.ics: 404 for an unknown token, 410 for a revoked one; only its scope. */
    async document(token: string): Promise<string> {
      if (!looksLikeFeedToken(token)) throw unknownFeed();
      const feed = await repo.byTokenHash(hashFeedToken(token));
      if (!feed) throw unknownFeed();
      if (feed.revokedAt) throw fail('calendar-feed.revoked', 'This calendar feed was revoked');
      const kind: CalendarFeedKind = feed.kind;
      if (kind === 'sponsor') {
        const sponsorship = await repo.sponsorshipEvent(feed.sponsorshipId!);
        if (!sponsorship) throw unknownFeed();
        const scope: FeedScope = { kind, sponsorshipId: feed.sponsorshipId! };
        const [events, deliverables, invoices] = await Promise.all([
          repo.events({ eventId: sponsorship.eventId }),
          repo.deliverables(scope),
          repo.invoices({ sponsorshipId: feed.sponsorshipId! }),
        ]);
        return feedDocument({ kind, language: feed.language, host, events, deliverables, invoices }, now());
      }
      if (kind === 'person' && !(await repo.isMember(feed.personId!, feed.organisationId))) throw unknownFeed();
      const scope: FeedScope =
        kind === 'person'
          ? { kind, organisationId: feed.organisationId, personId: feed.personId! }
          : { kind: 'organisation', organisationId: feed.organisationId };
      const [events, deliverables, invoices] = await Promise.all([
        repo.events({ organisationId: feed.organisationId }),
        repo.deliverables(scope),
        kind === 'organisation' ? repo.invoices({ organisationId: feed.organisationId }) : Promise.resolve([]),
      ]);
      return feedDocument({ kind, language: feed.language, host, events, deliverables, invoices }, now());
    },
  };
}

export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;
