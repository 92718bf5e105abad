// The rules of next editions and renewals (issue 60 points 4 and 5, decision 101). Planning copies
// what the organiser set up (the event, its packages with benefits at new prices, its agreement
// settings and wall switch) in one transaction and nothing of a sponsor. Renewals offer each sponsor
// of the previous edition an invitation into the new one with a package preselected; the sponsor's
// legal details are theirs (kept per address), so nothing of them is copied: the agreement of the new
// sponsorship reads them when it is drafted, which takes the package chosen on acceptance.
import {
  nextEditionPrice,
  renewalState,
  type OfferRenewalsRequest,
  type OfferRenewalsResponse,
  type PlanNextEditionResponse,
  type RenewalsResponse,
  type SponsorRenewalResponse,
  type ZPlanNextEditionRequest,
} from '@sp/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { AgreementsApi } from '../agreements/index.ts';
import type { EventsApi } from '../events/index.ts';
import type { InvitationsApi } from '../invitations/index.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { ReadinessApi } from '../readiness/index.ts';
import type { SponsorProfilesApi } from '../sponsor-profiles/index.ts';
import type { SponsorshipCaller, SponsorshipsApi } from '../sponsorships/index.ts';
import { renderOfferMail } from './offer-mail.ts';
import { AlreadyOffered, type OfferRecord, type RenewalsRepository } from './repository.ts';

type PlanNextEdition = z.output<typeof ZPlanNextEditionRequest>;
export type OrganiserCaller = { sub: string; email: string };

const notFound = () => fail('renewal.not-found', 'Renewal offer not found');

export function createRenewalsService(deps: {
  db: Db;
  repo: RenewalsRepository;
  access: EventAccess;
  editions: EventsApi['editions'];
  packages: Pick<PackagesApi, 'copyForEdition' | 'choose'>;
  agreements: Pick<AgreementsApi, 'copySettings'>;
  wall: Pick<SponsorProfilesApi, 'copyWallSetting'>;
  invitations: Pick<InvitationsApi, 'inviteForRenewal'>;
  sponsorships: Pick<SponsorshipsApi, 'parties' | 'changeStatus' | 'byId' | 'announceChange'>;
  readiness: ReadinessApi;
  organisationName: (organisationId: number) => Promise<string>;
  mail: MailPort;
  defaultLanguage: 'de' | 'en';
  clock?: (() => Date) | undefined;
}) {
  const { repo, access, editions } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The sponsor's own offer behind a sponsorship they are the sponsor of; 404 for anyone else. */
  const sponsorsOffer = async (caller: SponsorshipCaller, sponsorshipId: number) => {
    const { sponsorship, side } = await deps.sponsorships.parties.visible(caller, sponsorshipId);
    const offer = side === 'sponsor' ? await repo.findBySponsorship(sponsorship.id) : undefined;
    if (!offer) throw notFound();
    return offer;
  };

  const openOffer = (offer: OfferRecord, today: string) => {
    const state = renewalState(offer, today);
    if (state === 'no_answer') throw fail('renewal.expired', 'The deadline of this offer has passed');
    if (state !== 'offered') throw fail('renewal.decided', 'This offer has been answered');
  };

  const sponsorView = async (caller: SponsorshipCaller, sponsorshipId: number): Promise<SponsorRenewalResponse> => {
    const { sponsorship, side } = await deps.sponsorships.parties.visible(caller, sponsorshipId);
    const offer = side === 'sponsor' ? await repo.findBySponsorship(sponsorship.id) : undefined;
    if (!offer) return { offer: null };
    const previous = await editions.previousOf(offer.eventId);
    return {
      offer: {
        id: offer.id,
        status: offer.status,
        expired: renewalState(offer, germanDay(now())) === 'no_answer',
        deadline: offer.deadline,
        previous_event_title: previous?.title ?? '',
        package_id: offer.packageId,
        packages: await repo.packagesOf(offer.eventId),
      },
    };
  };

  return {
    /** POST /event/{id}/next-edition */
    async planNextEdition(caller: OrganiserCaller, eventId: number, body: PlanNextEdition) {
      const from = await access.organiserEvent(caller, eventId);
      const at = now();
      const own = new Map(body.prices.map((p) => [p.package_id, p.price_cents]));
      return deps.db.transaction().execute(async (trx): Promise<PlanNextEditionResponse> => {
        const id = await editions.insertNextEdition(
          trx,
          from,
          { title: body.title, eventDate: body.event_date, location: body.location },
          caller.sub,
          at,
        );
        const copied = await deps.packages.copyForEdition(trx, {
          fromEventId: from.id,
          toEventId: id,
          organisationId: from.organisationId,
          at,
          priceOf: (packageId, priceCents) =>
            nextEditionPrice(priceCents, body.price_change_percent, own.get(packageId)),
        });
        // A price for a package that is not the event's: refused, and the whole copy with it.
        const copiedIds = new Set(copied.map((p) => p.fromId));
        if ([...own.keys()].some((packageId) => !copiedIds.has(packageId))) {
          throw fail('request.validation-failed', 'Prices only for packages of this event', { prices: 'invalid' });
        }
        await deps.agreements.copySettings(trx, from.id, id, at);
        await deps.wall.copyWallSetting(trx, from.id, id, caller.email, at);
        return { event_id: id, packages: copied.length };
      });
    },

    /** GET /events/{id}/renewals */
    async list(caller: OrganiserCaller, eventId: number): Promise<RenewalsResponse> {
      const event = await access.organiserEvent(caller, eventId);
      const [previous, packages] = await Promise.all([editions.previousOf(event.id), repo.packagesOf(event.id)]);
      if (!previous) return { previous_event: null, packages, rows: [] };
      const [sponsors, offers] = await Promise.all([repo.previousSponsors(previous.id), repo.offersOf(event.id)]);
      const byPrevious = new Map(offers.map((o) => [o.previousSponsorshipId, o]));
      const names = new Map(packages.map((p) => [p.id, p.name]));
      const today = germanDay(now());
      return {
        previous_event: { id: previous.id, title: previous.title, event_date: previous.eventDate },
        packages,
        rows: sponsors.map((s) => {
          const offer = byPrevious.get(s.sponsorshipId);
          return {
            previous_sponsorship_id: s.sponsorshipId,
            sponsor_email: s.email,
            sponsor_name: s.sponsorName,
            previous_package_name: s.packageName,
            suggested_package_id: offer?.packageId ?? packages.find((p) => p.name === s.packageName)?.id ?? null,
            state: renewalState(offer, today),
            offer: offer
              ? {
                  id: offer.id,
                  sponsorship_id: offer.sponsorshipId,
                  package_name: names.get(offer.packageId) ?? '',
                  deadline: offer.deadline,
                  offered_at: offer.offeredAt.toISOString(),
                  decided_at: offer.decidedAt?.toISOString() ?? null,
                }
              : null,
          };
        }),
      };
    },

    /** POST /events/{id}/renewals: offers in one step; a sponsor offered already is counted, not offered again. */
    async offer(caller: OrganiserCaller, eventId: number, body: OfferRenewalsRequest): Promise<OfferRenewalsResponse> {
      const event = await access.organiserEvent(caller, eventId);
      const previous = await editions.previousOf(event.id);
      if (!previous) throw fail('renewal.no-previous-edition', 'This event is no next edition');
      const today = germanDay(now());
      if (body.deadline < today) throw fail('renewal.deadline-past', 'The deadline has passed', { deadline: 'past' });
      const sponsors = new Map((await repo.previousSponsors(previous.id)).map((s) => [s.sponsorshipId, s]));
      const packages = await repo.packagesOf(event.id);
      const planned = body.offers.map((o) => {
        const sponsor = sponsors.get(o.previous_sponsorship_id);
        if (!sponsor) throw fail('renewal.not-previous-sponsor', 'Not a sponsor of the previous edition');
        const chosen = packages.find((p) => p.id === o.package_id);
        if (!chosen) throw fail('renewal.package-invalid', 'Offer a package of this event', { package_id: 'invalid' });
        return { sponsor, chosen };
      });
      const organisationName = await deps.organisationName(event.organisationId);
      let offered = 0;
      let already = 0;
      for (const { sponsor, chosen } of planned) {
        const language = sponsor.language ?? deps.defaultLanguage;
        const at = now();
        try {
          const { url } = await deps.invitations.inviteForRenewal({
            event,
            invitedBy: caller.sub,
            email: sponsor.email,
            packageIds: packages.map((p) => p.id),
            actor: caller.email,
            alsoWrite: (trx, sponsorshipId) =>
              repo.insertOffer(
                trx,
                {
                  organisationId: event.organisationId,
                  eventId: event.id,
                  previousSponsorshipId: sponsor.sponsorshipId,
                  packageId: chosen.id,
                  deadline: body.deadline,
                  language,
                  offeredAt: at,
                  offeredBy: caller.email,
                },
                sponsorshipId,
              ),
          });
          offered += 1;
          await deps.mail.send(
            renderOfferMail({
              to: sponsor.email,
              language,
              organisationName,
              previousTitle: previous.title,
              eventTitle: event.title,
              packageName: chosen.name,
              deadline: body.deadline,
              url,
            }),
          );
        } catch (error) {
          // The unique key (or the same invitation a moment ago) says this sponsor has one already.
          if (error instanceof AlreadyOffered || (error instanceof AppError && error.code === 'invitation.just-sent')) {
            already += 1;
            continue;
          }
          throw error;
        }
      }
      return { offered, already };
    },

    /** POST /renewal-offers/{id}/reminder: through the chasers' outbox, one a day per sponsor. */
    async remind(caller: OrganiserCaller, offerId: number): Promise<{ queued: boolean }> {
      const offer = await repo.findById(offerId);
      if (!offer) throw notFound();
      await access.organiserEvent(caller, offer.eventId).catch((error: unknown) => {
        throw error instanceof AppError && error.statusCode === 404 ? notFound() : error;
      });
      const at = now();
      const today = germanDay(at);
      openOffer(offer, today);
      const sponsorship = await deps.sponsorships.byId(offer.sponsorshipId);
      if (!sponsorship) throw notFound();
      const queued = await deps.readiness.queue(
        [
          {
            organisationId: offer.organisationId,
            eventId: offer.eventId,
            sponsorshipId: offer.sponsorshipId,
            recipient: sponsorship.sponsorEmail,
            language: offer.language,
            limitKey: `renewal:${today}`,
            override: false,
            items: [{ column_key: 'renewal', title: 'renewal', due: offer.deadline }],
            createdBy: caller.email,
          },
        ],
        at,
      );
      return { queued: queued.has(offer.sponsorshipId) };
    },

    /** GET /sponsorships/{id}/renewal */
    sponsorView,

    /** POST /sponsorships/{id}/renewal/accept: the package chosen (its last slot as always), then the offer answered. */
    async accept(caller: SponsorshipCaller, sponsorshipId: number, packageId: number) {
      const offer = await sponsorsOffer(caller, sponsorshipId);
      openOffer(offer, germanDay(now()));
      await deps.packages.choose(caller, offer.sponsorshipId, packageId);
      if (!(await repo.decide(offer.id, 'accepted', germanDay(now()), now()))) {
        throw fail('renewal.decided', 'This offer has been answered');
      }
      await deps.sponsorships.announceChange(offer.sponsorshipId, ['sponsorship']);
      return sponsorView(caller, sponsorshipId);
    },

    /** POST /sponsorships/{id}/renewal/decline: the offer answered, and the new sponsorship withdrawn. */
    async decline(caller: SponsorshipCaller, sponsorshipId: number) {
      const offer = await sponsorsOffer(caller, sponsorshipId);
      openOffer(offer, germanDay(now()));
      if (!(await repo.decide(offer.id, 'declined', germanDay(now()), now()))) {
        throw fail('renewal.decided', 'This offer has been answered');
      }
      await deps.sponsorships.changeStatus(caller, offer.sponsorshipId, 'withdrawn');
      return sponsorView(caller, sponsorshipId);
    },
  };
}

export type RenewalsService = ReturnType<typeof createRenewalsService>;
