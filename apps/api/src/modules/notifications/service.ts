// In-app notifications (alerts, issue 8): written when something happens to a user's account (a
// message to their side of a conversation, their team invitation accepted, a signed agreement for
// their organisation, a decision on their sponsorship), read and marked read by their owner only,
// and pushed live to the owner's open streams: the bus carries ids (every process, PostgreSQL
// NOTIFY), and a process loads and writes only for owners with a stream open there. Guests have no
// account and get none. Writing an alert never fails what caused it: errors are logged.
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATIONS_LIMIT,
  type ListNotificationsResponse,
  type MarkNotificationsReadRequest,
  type NotificationWire,
  type StreamNotificationEvent,
  type StreamNotificationReadEvent,
} from '@sp/shared';
import type { DomainEvents, EventMap } from '../domain-events.ts';
import { normaliseEmail } from '../../lib/email.ts';
import type { NotificationsRepository, NewNotification, NotificationRecord } from './repository.ts';

/** Bus events: ids only. `ids` of a read event is a comma list, empty for "all". */
type NotificationBusEvent = EventMap['notification.changed'];

/** What the stream hub offers: writing to a signed-in user's open streams in this process. */
export type UserStreams = {
  hasUser(sub: string): boolean;
  sendToUser(sub: string, event: string, data: unknown): void;
};

type MessageNotice = EventMap['chat.message-stored'];
type SponsorshipEventNotice = EventMap['sponsorship.activity'];

export function toNotificationWire(record: NotificationRecord): NotificationWire {
  return {
    id: record.id,
    kind: record.kind,
    params: record.params,
    count: record.count,
    link: record.link,
    created_at: record.createdAt.toISOString(),
    read_at: record.readAt?.toISOString() ?? null,
  };
}

export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  events: DomainEvents;
  streams: UserStreams;
  log: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const { repo, events, streams, log } = deps;
  const now = deps.clock ?? (() => new Date());
  let queue: Promise<void> = Promise.resolve();

  // Alerts stored by this process, held until their event is delivered (so they need not be read again).
  const held = new Map<number, NotificationRecord>();
  const publish = async (event: NotificationBusEvent, local?: NotificationRecord) => {
    try {
      if (local) held.set(local.id, local);
      await events.publish('notification.changed', event);
    } catch (error) {
      // Stored is stored: the client's next refetch shows it.
      log.error({ err: error }, 'notification event not published');
    }
  };

  /** Stores one alert per recipient (never the actor) and announces each on the bus. */
  const notifyAll = async (recipients: Iterable<string>, notification: NewNotification, actor?: string | null) => {
    const unique = [...new Set(recipients)].filter((sub) => sub !== actor);
    const stored = await repo.insert(unique, notification, now());
    for (const record of stored) await publish({ k: 'new', u: record.recipientId, id: record.id }, record);
  };

  const guarded = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log.error({ err: error, what }, 'could not write a notification');
    }
  };

  // Delivery: in order, and only for owners with a stream open in this process.
  const deliver = async (event: NotificationBusEvent) => {
    const local = event.k === 'new' ? held.get(event.id) : undefined;
    if (event.k === 'new') held.delete(event.id);
    if (!streams.hasUser(event.u)) return;
    if (event.k === 'new') {
      const record = local ?? (await repo.find(event.id));
      if (!record || record.recipientId !== event.u) return;
      const data: StreamNotificationEvent = {
        notification: toNotificationWire(record),
        unread_count: await repo.unreadCount(event.u),
      };
      streams.sendToUser(event.u, 'notification', data);
      return;
    }
    const data: StreamNotificationReadEvent = {
      ids: event.ids === '' ? null : event.ids.split(',').map(Number),
      unread_count: await repo.unreadCount(event.u),
    };
    streams.sendToUser(event.u, 'notification_read', data);
  };
  const unsubscribe = events.subscribe('notification.changed', (event) => {
    queue = queue
      .then(() => deliver(event))
      .catch((error: unknown) => log.error({ err: error }, 'notification delivery failed'));
  });

  return {
    /** GET /notifications */
    async list(sub: string): Promise<ListNotificationsResponse> {
      const [records, unread] = await Promise.all([repo.list(sub, NOTIFICATIONS_LIMIT), repo.unreadCount(sub)]);
      return { notifications: records.map(toNotificationWire), unread_count: unread };
    },

    /** POST /notifications/read: own alerts only; other ids are ignored. */
    async markRead(sub: string, body: MarkNotificationsReadRequest): Promise<{ unread_count: number }> {
      const ids = 'ids' in body ? [...new Set(body.ids)] : null;
      const changed = await repo.markRead(sub, ids, now());
      if (changed.length > 0) await publish({ k: 'read', u: sub, ids: ids === null ? '' : changed.join(',') });
      return { unread_count: await repo.unreadCount(sub) };
    },

    /** A new chat message: the receiving side's accounts, one unread alert per conversation each. */
    onMessage: (notice: MessageNotice) =>
      guarded('new_message', async () => {
        const recipients =
          notice.senderSide === 'sponsor'
            ? await repo.organisationMembers(notice.organisationId)
            : [await repo.accountOf(notice.sponsorEmailNormalized)].filter((sub): sub is string => sub !== null);
        await notifyAll(
          recipients,
          {
            kind: 'new_message',
            params: { from: notice.senderName },
            link: `/chats/?conversation=${notice.conversationId}`,
            conversationId: notice.conversationId,
          },
          notice.senderId,
        );
      }),

    /** A team invitation accepted: its inviter. */
    onInvitationAccepted: (invitation: { invitationId: number; email: string; acceptedBy: string }) =>
      guarded('invitation_accepted', async () => {
        const inviter = await repo.inviterOf(invitation.invitationId);
        if (!inviter) return;
        await notifyAll(
          [inviter],
          { kind: 'invitation_accepted', params: { email: invitation.email }, link: '/dashboard/organizer/team' },
          invitation.acceptedBy,
        );
      }),

    /**
     * A sponsorship event: what the sponsor did goes to the organisation's organisers, what the
     * organisers decided to the sponsor's account (if they registered).
     */
    onSponsorship: (notice: SponsorshipEventNotice) =>
      guarded(notice.kind, async () => {
        const event = notice.params.event ?? '';
        const eventLink = notice.eventId !== undefined ? `/edit-event/${notice.eventId}` : '/dashboard/organizer/';
        const toOrganisers = async (kind: NewNotification['kind']) =>
          notifyAll(await repo.organisationMembers(notice.organisationId, { organisersOnly: true }), {
            kind,
            params: { event, sponsor: notice.sponsorEmail },
            link: eventLink,
          });
        if (notice.kind === 'signed_uploaded') return toOrganisers('signed_uploaded');
        if (notice.kind === 'agreement_downloaded') return toOrganisers('agreement_downloaded');
        if (notice.kind !== 'status_changed') return;
        const status = notice.params.status;
        if (status === 'withdrawn') return toOrganisers('sponsorship_withdrawn');
        if (status !== 'confirmed' && status !== 'declined') return;
        const sponsor = await repo.accountOf(normaliseEmail(notice.sponsorEmail));
        if (!sponsor) return;
        await notifyAll([sponsor], {
          kind: status === 'confirmed' ? 'sponsorship_confirmed' : 'sponsorship_declined',
          params: { event },
          link: '/dashboard-sponsor',
        });
      }),

    /** Overdue deliverables (the fulfilment module's daily run): one alert per account and day. */
    onDeliverablesOverdue: (notice: EventMap['deliverables.overdue']) =>
      guarded('deliverables_overdue', async () => {
        await notifyAll(notice.recipients, {
          kind: 'deliverables_overdue',
          params: { n: String(notice.count) },
          link: notice.link,
        });
      }),

    /** A shipment announced (to the organisers) or received by the venue (to the organisers and the sponsor's account). */
    onShipment: (notice: EventMap['shipment.changed']) =>
      guarded(`shipment_${notice.kind}`, async () => {
        const kind = notice.kind === 'announced' ? 'shipment_announced' : 'shipment_received';
        const organisers = await repo.organisationMembers(notice.organisationId, { organisersOnly: true });
        await notifyAll(organisers, {
          kind,
          params: { sponsor: notice.sponsorEmail },
          link: `/edit-event/${notice.eventId}`,
        });
        if (notice.kind !== 'received') return;
        const sponsor = await repo.accountOf(normaliseEmail(notice.sponsorEmail));
        if (sponsor)
          await notifyAll([sponsor], { kind, params: { sponsor: notice.sponsorEmail }, link: '/dashboard-sponsor' });
      }),

    /** Waits for the deliveries queued so far (tests). */
    settled: () => queue,

    close: () => unsubscribe(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
