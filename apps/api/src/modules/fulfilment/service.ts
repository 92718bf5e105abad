// The rules of fulfilment: when a sponsorship is confirmed, each benefit of its package becomes a
// deliverable (once: confirming again creates nothing twice). The organisation's members see and
// work them (status, assignee, due date, comments); the sponsor (signed in with the sponsorship's
// address, or as a guest with the invitation link) sees them, provides the input asked of them and
// comments. Anyone else gets 404. Every change is logged with who and when, for both parties.
import type {
  BenefitKind,
  DeliverableActivityWire,
  DeliverableWire,
  DeliverablesQuery,
  ListDeliverablesResponse,
  SponsorshipDeliverablesResponse,
  UpdateDeliverableRequest,
} from '@sp/shared';
import { germanDay } from '../../lib/calendar.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { fail } from '../../lib/errors.ts';
import type { EventMap } from '../domain-events.ts';
import type { EventAccess } from '../access/index.ts';
import type { PackagesApi } from '../packages/index.ts';
import type { SponsorProfilesApi } from '../sponsor-profiles/index.ts';
import {
  authorFor,
  type SponsorshipCaller,
  type SponsorshipParties,
  type SponsorshipSide,
} from '../sponsorships/index.ts';
import type { ActivityEntry, DeliverableChanges, DeliverableRecord, FulfilmentRepository } from './repository.ts';

type Organiser = { sub: string; email?: string | undefined };

const notFound = () => fail('deliverable.not-found', 'Deliverable not found');

export function createFulfilmentService(deps: {
  repo: FulfilmentRepository;
  sponsorships: SponsorshipParties;
  events: EventAccess;
  packages: Pick<PackagesApi, 'chosenPackage'>;
  profiles: Pick<SponsorProfilesApi, 'hasLogo'>;
  /** Refuses a sponsor's text that breaks a rule set elsewhere (the asset spec's text limit). */
  checkInput?: (deliverableId: number, text: string) => Promise<void>;
  clock?: () => Date;
}) {
  const { repo, sponsorships, events } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The deliverables as `viewer`'s side sees them (who is assigned is the organisation's own affair). */
  const toWire = async (records: DeliverableRecord[], viewer: SponsorshipSide): Promise<DeliverableWire[]> => {
    const comments = await repo.comments(records.map((r) => r.id));
    const today = germanDay(now());
    return records.map((r) => ({
      id: r.id,
      sponsorship_id: r.sponsorshipId,
      event_id: r.eventId,
      event_title: r.eventTitle,
      sponsor_email: r.sponsorEmail,
      title: r.title,
      kind: r.kind as BenefitKind,
      needs_sponsor_input: r.needsSponsorInput,
      due_date: r.dueDate,
      status: r.status,
      assignee: viewer === 'organisation' ? r.assignee : null,
      sponsor_input: r.sponsorInput,
      provided_at: r.providedAt?.toISOString() ?? null,
      overdue: isOverdue(r, today),
      comments: comments
        .filter((c) => c.deliverable_id === r.id)
        .map((c) => ({
          id: c.id,
          at: c.at.toISOString(),
          side: c.side,
          by: authorFor(viewer, c, r.organisationName),
          text: c.text,
        })),
    }));
  };

  /** The log of the sponsorship's deliverables; who is assigned is the organisation's own affair. */
  const activityOf = async (
    sponsorship: { id: number; organisationName: string },
    viewer: SponsorshipSide,
  ): Promise<DeliverableActivityWire[]> =>
    (await repo.activity([sponsorship.id]))
      .filter((a) => viewer === 'organisation' || a.kind !== 'assigned')
      .map((a) => ({
        id: a.id,
        at: a.at.toISOString(),
        side: a.side,
        by: authorFor(viewer, a, sponsorship.organisationName),
        kind: a.kind as DeliverableActivityWire['kind'],
        title: a.title,
        detail: a.detail,
      }));

  /** The deliverable with the caller's side; 404 for anyone who is not a party. */
  const reach = async (caller: SponsorshipCaller, id: number) => {
    const found = await repo.find(id);
    if (!found) throw notFound();
    const { side } = await sponsorships.visible(caller, found.sponsorshipId).catch(() => {
      throw notFound();
    });
    return { deliverable: found, side };
  };

  /** Organisers and their team: members of the deliverable's organisation. */
  const organiserDeliverable = async (caller: SponsorshipCaller, id: number) => {
    const { deliverable, side } = await reach(caller, id);
    if (side !== 'organisation') throw fail('deliverable.organisers-decide', 'Only the organisation works this');
    return deliverable;
  };

  const actorOf = (caller: SponsorshipCaller, deliverable: DeliverableRecord, side: 'organisation' | 'sponsor') =>
    side === 'sponsor' || caller.kind === 'guest' ? deliverable.sponsorEmail : (caller.email ?? '');

  const entry = (
    d: DeliverableRecord,
    side: ActivityEntry['side'],
    actor: string,
    kind: DeliverableActivityWire['kind'],
    detail: string | null,
  ): ActivityEntry => ({
    sponsorship_id: d.sponsorshipId,
    deliverable_id: d.id,
    at: now(),
    side,
    actor,
    kind,
    title: d.title,
    detail,
  });

  const one = async (id: number, viewer: SponsorshipSide) => (await toWire([(await repo.find(id))!], viewer))[0]!;

  /** Creates the deliverables of a confirmed sponsorship from its package's benefits (idempotent). */
  const createFor = async (
    sponsorship: { id: number; organisationId: number; eventId: number },
    actor: { side: 'organisation' | 'sponsor'; by: string } | undefined,
  ) => {
    const chosen = await deps.packages.chosenPackage(sponsorship.id);
    if (!chosen) return 0;
    const created = await repo.create(
      sponsorship,
      chosen.benefits.map((b, position) => ({
        source_key: `package:${chosen.id}:${position}`,
        position,
        title: b.title,
        kind: b.kind,
        needs_sponsor_input: b.sponsor_delivers ? 1 : 0,
        due_date: b.due_date,
        quantity: b.quantity ?? null,
      })),
      now(),
      (title) => ({
        sponsorship_id: sponsorship.id,
        deliverable_id: null,
        at: now(),
        side: actor?.side ?? 'system',
        actor: actor?.by ?? '',
        kind: 'created',
        title,
        detail: chosen.name,
      }),
    );
    if (created > 0) await logoAlreadyProvided(sponsorship.id);
    return created;
  };

  /** Marks logo deliverables provided (in progress, logged as the sponsor's). */
  const provideLogo = async (deliverables: DeliverableRecord[], actor: string) => {
    const at = now();
    for (const d of deliverables) {
      await repo.update(d.id, at, (current) =>
        current.status === 'open'
          ? {
              changes: { status: 'in_progress', provided_at: at },
              entries: [entry(d, 'sponsor', actor, 'logo_provided', null)],
            }
          : null,
      );
    }
  };

  /** A sponsor who set their logo before the confirmation has provided the new logo deliverables already. */
  const logoAlreadyProvided = async (sponsorshipId: number) => {
    const open = (await repo.list({ sponsorshipId })).filter(
      (d) => d.kind === 'logo' && d.needsSponsorInput && d.status === 'open' && !d.providedAt,
    );
    const first = open[0];
    if (first && (await deps.profiles.hasLogo(first.sponsorEmailNormalized)))
      await provideLogo(open, first.sponsorEmail);
  };

  return {
    createFor,
    reach,

    /** Subscribed to `sponsorship.activity`: a confirmation creates the deliverables. */
    async onSponsorshipActivity(notice: EventMap['sponsorship.activity']): Promise<void> {
      if (notice.kind !== 'status_changed' || notice.params.status !== 'confirmed') return;
      if (notice.sponsorshipId === undefined || notice.eventId === undefined) return;
      await createFor(
        { id: notice.sponsorshipId, organisationId: notice.organisationId, eventId: notice.eventId },
        notice.actor,
      );
    },

    /** Subscribed to `sponsor-profile.logo-set`: open logo deliverables count as provided. */
    async onLogoSet({ sponsorEmailNormalized, actor }: EventMap['sponsor-profile.logo-set']): Promise<void> {
      await provideLogo(await repo.openLogoDeliverables(sponsorEmailNormalized), actor);
    },

    /** GET /sponsorships/{id}/deliverables */
    async forSponsorship(caller: SponsorshipCaller, id: number): Promise<SponsorshipDeliverablesResponse> {
      const { sponsorship, side } = await sponsorships.visible(caller, id);
      const [deliverables, activity] = await Promise.all([
        repo.list({ sponsorshipId: sponsorship.id }).then((records) => toWire(records, side)),
        activityOf(sponsorship, side),
      ]);
      return { deliverables, activity };
    },

    /** GET /fulfilment and GET /event/{id}/deliverables: the organisation's, filtered. */
    async list(caller: Organiser, query: DeliverablesQuery): Promise<ListDeliverablesResponse> {
      const organisationId = await events.organiserOrganisation(caller);
      if (query.event_id !== undefined) await events.organiserEvent(caller, query.event_id);
      const [records, team] = await Promise.all([repo.list({ ...query, organisationId }), repo.team(organisationId)]);
      return {
        deliverables: await toWire(records, 'organisation'),
        team: team.map((m) => ({ id: m.id, name: m.name })),
      };
    },

    /** GET /organisation/{id}/fulfilment-summary */
    async summary(caller: Organiser, organisationId: number) {
      await events.assertOrganiserOf(caller, organisationId);
      return repo.summary(organisationId, germanDay(now()));
    },

    /** GET /my-deliverables: the signed-in sponsor's open ones. */
    async mine(caller: { email: string | undefined }): Promise<DeliverableWire[]> {
      if (!caller.email) return [];
      return toWire(await repo.list({ sponsorEmail: normaliseEmail(caller.email) }, true), 'sponsor');
    },

    /** PATCH /deliverables/{id} */
    async update(caller: SponsorshipCaller, id: number, body: UpdateDeliverableRequest): Promise<DeliverableWire> {
      const d = await organiserDeliverable(caller, id);
      const actor = actorOf(caller, d, 'organisation');
      let member: { id: string; name: string } | undefined;
      if (body.assignee !== undefined && body.assignee !== null) {
        member = (await repo.team(d.organisationId)).find((m) => m.id === body.assignee);
        if (!member) {
          throw fail('deliverable.assignee-unknown', 'Assign a member of the organisation', { assignee: 'unknown' });
        }
      }
      // Decided on the held row: what the deliverable is then, so a repeated request changes nothing.
      await repo.update(d.id, now(), (current) => {
        const changes: DeliverableChanges = {};
        const entries: ActivityEntry[] = [];
        if (body.status !== undefined && body.status !== current.status) {
          changes.status = body.status;
          entries.push(entry(d, 'organisation', actor, 'status_changed', `${current.status} → ${body.status}`));
        }
        if (body.assignee !== undefined && body.assignee !== current.assignee) {
          changes.assignee = body.assignee;
          entries.push(entry(d, 'organisation', actor, 'assigned', member?.name ?? null));
        }
        if (body.due_date !== undefined && body.due_date !== current.dueDate) {
          changes.due_date = body.due_date;
          entries.push(entry(d, 'organisation', actor, 'due_date_changed', body.due_date));
        }
        return { changes, entries };
      });
      return one(d.id, 'organisation');
    },

    /** PUT /deliverables/{id}/input: the sponsor's text; an open deliverable moves to in progress. */
    async provideInput(caller: SponsorshipCaller, id: number, text: string): Promise<DeliverableWire> {
      const { deliverable: d, side } = await reach(caller, id);
      if (side !== 'sponsor') throw fail('deliverable.organisers-decide', 'Only the sponsor provides this');
      if (!d.needsSponsorInput) throw fail('deliverable.no-input-needed', 'Nothing is asked of the sponsor here');
      await deps.checkInput?.(d.id, text);
      const at = now();
      await repo.update(d.id, at, (current) =>
        current.sponsorInput === text
          ? null
          : {
              changes: {
                sponsor_input: text,
                provided_at: at,
                ...(current.status === 'open' ? { status: 'in_progress' as const } : {}),
              },
              entries: [entry(d, 'sponsor', d.sponsorEmail, 'input_provided', text.slice(0, 200))],
            },
      );
      return one(d.id, 'sponsor');
    },

    /** POST /deliverables/{id}/comments: either party. */
    async comment(caller: SponsorshipCaller, id: number, text: string): Promise<DeliverableWire> {
      const { deliverable: d, side } = await reach(caller, id);
      const actor = actorOf(caller, d, side);
      await repo.addComment(d.id, { side, actor, text }, now(), entry(d, side, actor, 'commented', text.slice(0, 200)));
      return one(d.id, side);
    },
  };
}

export const isOverdue = (d: Pick<DeliverableRecord, 'status' | 'dueDate'>, today: string) =>
  (d.status === 'open' || d.status === 'in_progress') && d.dueDate !== null && d.dueDate < today;

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
