// The rules of sponsor tickets: both parties of a sponsorship see its tickets benefits and who is
// named; until the naming deadline (the deliverable's due date, else the day before the event) they
// name, change and remove people, each named person getting a ticket mail. The organisers of the
// event's organisation see the list, export it and check people in at the door. Anyone else gets 404.
import type { CheckInResponse, EventTicketsResponse, Language, SponsorshipTicketsResponse } from '@sp/shared';
import { addDays, germanDay } from '../../lib/calendar.ts';
import { csvDocument } from '../../lib/csv.ts';
import { fail } from '../../lib/errors.ts';
import type { TokenKeys } from '../../lib/signed-tokens.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { EventAccess } from '../access/index.ts';
import type { SponsorshipCaller, SponsorshipParties } from '../sponsorships/index.ts';
import { readTicketCode, ticketCode } from './codes.ts';
import { ticketMail } from './mail.ts';
import { personKey, type TicketBenefit, type TicketHolder, type TicketsRepository } from './repository.ts';

const notFound = () => fail('ticket.not-found', 'Ticket not found');

/** The last day people may be named: the deliverable's due date, else the day before the event. */
export const namingDeadline = (b: Pick<TicketBenefit, 'dueDate' | 'eventDate'>): string =>
  b.dueDate ?? addDays(b.eventDate, -1);

const holderWire = (h: TicketHolder) => ({
  id: h.id,
  deliverable_id: h.deliverableId,
  name: h.name,
  email: h.email,
  checked_in_at: h.checkedInAt?.toISOString() ?? null,
  erased: h.erasedAt !== null,
});

export function createTicketsService(deps: {
  repo: TicketsRepository;
  sponsorships: SponsorshipParties;
  events: Pick<EventAccess, 'organiserEvent'>;
  mail: MailPort;
  keys: () => Promise<TokenKeys>;
  publicUrl: string;
  defaultLanguage: Language;
  log: { error(obj: unknown, msg: string): void };
  clock?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const isOpen = (b: TicketBenefit) => germanDay(now()) <= namingDeadline(b);

  const send = async (holder: TicketHolder, benefit: TicketBenefit) => {
    try {
      const message = await ticketMail({
        to: holder.email,
        language: benefit.sponsorLanguage ?? deps.defaultLanguage,
        name: holder.name,
        sponsor: benefit.sponsorEmail,
        code: ticketCode(await deps.keys(), holder.eventId, holder.id),
        ticketId: holder.id,
        event: {
          id: benefit.eventId,
          title: benefit.eventTitle,
          date: benefit.eventDate,
          location: benefit.eventLocation,
        },
        publicHost: new URL(deps.publicUrl).host,
        now: now(),
      });
      await deps.mail.send(message);
    } catch (error) {
      // The seat is named either way; the mail can be sent again by changing the entry.
      deps.log.error({ err: error, ticket: holder.id }, 'ticket mail failed');
    }
  };

  const forSponsorship = async (caller: SponsorshipCaller, id: number): Promise<SponsorshipTicketsResponse> => {
    const { sponsorship } = await deps.sponsorships.visible(caller, id).catch(() => {
      throw notFound();
    });
    const [benefits, holders] = await Promise.all([
      repo.benefits({ sponsorshipId: id }),
      repo.holders({ sponsorshipId: id }),
    ]);
    return {
      sponsorship_id: sponsorship.id,
      event_id: sponsorship.eventId,
      event_title: sponsorship.eventTitle,
      benefits: benefits.map((b) => ({
        deliverable_id: b.deliverableId,
        title: b.title,
        quota: b.quota,
        deadline: namingDeadline(b),
        open: isOpen(b),
        holders: holders.filter((h) => h.deliverableId === b.deliverableId).map(holderWire),
      })),
    };
  };

  /** The holder and its benefit, when the caller is a party of its sponsorship and it is still open. */
  const changeable = async (caller: SponsorshipCaller, holderId: number) => {
    const holder = await repo.find(holderId);
    if (!holder) throw notFound();
    await deps.sponsorships.visible(caller, holder.sponsorshipId).catch(() => {
      throw notFound();
    });
    const benefit = (await repo.benefits({ sponsorshipId: holder.sponsorshipId })).find(
      (b) => b.deliverableId === holder.deliverableId,
    );
    if (!benefit) throw notFound();
    if (!isOpen(benefit)) throw fail('ticket.deadline-passed', 'The naming deadline has passed');
    if (holder.checkedInAt) throw fail('ticket.used', 'The ticket was used at the door');
    return { holder, benefit };
  };

  /** Why a change of a ticket that was there a moment ago did nothing: used meanwhile, or gone. */
  const whyUnchanged = async (id: number) =>
    (await repo.find(id))?.checkedInAt ? fail('ticket.used', 'The ticket was used at the door') : notFound();

  const eventBenefits = async (caller: { sub: string }, eventId: number) => {
    const event = await deps.events.organiserEvent(caller, eventId);
    const [benefits, holders] = await Promise.all([
      repo.benefits({ organisationId: event.organisationId, eventId }),
      repo.holders({ eventId }),
    ]);
    return { event, benefits, holders };
  };

  return {
    forSponsorship,

    async add(
      caller: SponsorshipCaller,
      sponsorshipId: number,
      body: { deliverable_id: number; name: string; email: string },
    ): Promise<SponsorshipTicketsResponse> {
      await deps.sponsorships.visible(caller, sponsorshipId).catch(() => {
        throw notFound();
      });
      const benefit = (await repo.benefits({ sponsorshipId })).find((b) => b.deliverableId === body.deliverable_id);
      if (!benefit) throw notFound();
      if (!isOpen(benefit)) throw fail('ticket.deadline-passed', 'The naming deadline has passed');
      const named = await repo.name(
        {
          deliverableId: benefit.deliverableId,
          sponsorshipId,
          organisationId: benefit.organisationId,
          eventId: benefit.eventId,
          name: body.name,
          email: body.email,
          createdAt: now(),
        },
        benefit.quota,
      );
      if (!named) throw fail('ticket.seats-taken', 'All seats of this benefit are named');
      // The same person named again (a second press, two tabs): their seat, no second mail.
      if (!named.existing) await send(named.holder, benefit);
      return forSponsorship(caller, sponsorshipId);
    },

    async change(
      caller: SponsorshipCaller,
      holderId: number,
      body: { name: string; email: string },
    ): Promise<SponsorshipTicketsResponse> {
      const { holder, benefit } = await changeable(caller, holderId);
      // The same person again keeps the ticket (a repeated request changes nothing, mails nothing).
      if (holder.name === body.name && personKey(holder.email) === personKey(body.email))
        return forSponsorship(caller, holder.sponsorshipId);
      const replaced = await repo.replace(holderId, body, now());
      if (replaced === 'taken') throw fail('ticket.person-named', 'This person already holds a ticket of the benefit');
      if (!replaced) throw await whyUnchanged(holderId);
      await send(replaced, benefit);
      return forSponsorship(caller, holder.sponsorshipId);
    },

    async remove(caller: SponsorshipCaller, holderId: number): Promise<SponsorshipTicketsResponse> {
      const { holder } = await changeable(caller, holderId);
      if (!(await repo.remove(holderId))) throw await whyUnchanged(holderId);
      return forSponsorship(caller, holder.sponsorshipId);
    },

    async forEvent(caller: { sub: string }, eventId: number): Promise<EventTicketsResponse> {
      const { benefits, holders } = await eventBenefits(caller, eventId);
      const sponsorOf = new Map(benefits.map((b) => [b.sponsorshipId, b.sponsorEmail]));
      const listed = holders.filter((h) => sponsorOf.has(h.sponsorshipId));
      return {
        event_id: eventId,
        seats: benefits.reduce((sum, b) => sum + b.quota, 0),
        named: listed.length,
        checked_in: listed.filter((h) => h.checkedInAt).length,
        holders: listed.map((h) => ({
          ...holderWire(h),
          sponsorship_id: h.sponsorshipId,
          sponsor_email: sponsorOf.get(h.sponsorshipId)!,
        })),
      };
    },

    async csvForEvent(caller: { sub: string }, eventId: number): Promise<{ fileName: string; csv: string }> {
      const list = await this.forEvent(caller, eventId);
      return {
        fileName: `tickets-event-${eventId}.csv`,
        csv: csvDocument(
          ['name', 'email', 'sponsor', 'checked_in_at'],
          list.holders.map((h) => [h.name, h.email, h.sponsor_email, h.checked_in_at ?? '']),
        ),
      };
    },

    async checkIn(
      caller: { sub: string; email?: string | undefined },
      eventId: number,
      code: string,
    ): Promise<CheckInResponse> {
      const event = await deps.events.organiserEvent(caller, eventId);
      const read = readTicketCode(await deps.keys(), code);
      if (read.kind === 'forged') throw fail('ticket.forged', 'This is not a ticket code of ours');
      if (read.eventId !== event.id) throw fail('ticket.other-event', 'The ticket is for another event');
      const admitted = await repo.checkIn(read.ticketId, event.id, now(), caller.email ?? caller.sub);
      const holder = admitted ?? (await repo.find(read.ticketId));
      if (!holder || holder.eventId !== event.id || !holder.checkedInAt) throw notFound();
      const sponsor = await repo.sponsorEmail(holder.sponsorshipId);
      return {
        result: admitted ? 'admitted' : 'already_checked_in',
        checked_in_at: holder.checkedInAt.toISOString(),
        name: holder.name,
        sponsor_email: sponsor,
      };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
