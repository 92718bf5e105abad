// Typed domain events: one map from event name to payload. Local events stay in the process that
// publishes them, and the publisher waits for their handlers (a chat notice is written before the
// request answers). Shared events travel on the bus to every API process; their payloads are checked
// against their schema when they come from another process, so no subscriber casts what it receives.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SPONSORSHIP_CHANGE_PARTS } from '@sp/shared';
import { normaliseEmail } from '../lib/email.ts';
import type { MessageBus } from '../ports/bus/index.ts';

const id = z.number().int();

/** Payload schemas of the events that cross processes: ids and short fields only (NOTIFY stays small). */
export const sharedEventSchemas = {
  /** A chat message was stored (`id` in conversation `c` of organisation `o` and sponsor address `s`), or read. */
  'chat.changed': z.discriminatedUnion('k', [
    z.object({ k: z.literal('message'), id, c: id, o: id, s: z.string() }),
    z.object({ k: z.literal('read'), c: id, o: id, s: z.string(), side: z.enum(['organisation', 'sponsor']), up: id }),
  ]),
  /**
   * Sponsorship `sp` of organisation `o` and sponsor address `s` (normalised) changed: its state, package or
   * agreement (`p` includes 'sponsorship'), its deliverables or its invoices; or the sponsor's own details
   * (`profile`: public profile, logo, legal details, wall consent; `sp` null when it concerns all of the
   * address's sponsorships with `o`). Published after the change committed (decision 078).
   */
  'sponsorship.changed': z.object({
    o: id,
    s: z.string(),
    sp: id.nullable(),
    p: z.array(z.enum(SPONSORSHIP_CHANGE_PARTS)).min(1),
  }),
  /** A user's alert `id` is new, or alerts were read (`ids` a comma list, empty for all). */
  'notification.changed': z.discriminatedUnion('k', [
    z.object({ k: z.literal('new'), u: z.string(), id }),
    z.object({ k: z.literal('read'), u: z.string(), ids: z.string() }),
  ]),
};

/** The `sponsorship.changed` payload of a change in sponsorship `sponsorshipId` (null: not known). */
export const sponsorshipChange = (
  organisationId: number,
  sponsorEmail: string,
  sponsorshipId: number | null,
  parts: EventMap['sponsorship.changed']['p'],
): EventMap['sponsorship.changed'] => ({
  o: organisationId,
  s: normaliseEmail(sponsorEmail),
  sp: sponsorshipId,
  p: parts,
});

type SharedEvents = { [K in keyof typeof sharedEventSchemas]: z.infer<(typeof sharedEventSchemas)[K]> };

/** Something happened in a sponsorship, for its conversation and the parties' alerts. */
export type SponsorshipActivity = {
  organisationId: number;
  sponsorEmail: string;
  kind: 'invitation_sent' | 'agreement_downloaded' | 'signed_uploaded' | 'status_changed';
  params: Record<string, string>;
  /** The sponsorship's event (links of in-app alerts). */
  eventId?: number;
  /** The sponsorship (status_changed: the packages module logs it, the fulfilment module reacts). */
  sponsorshipId?: number;
  /** status_changed: the status before, and who decided (their address). */
  from?: string;
  actor?: { side: 'organisation' | 'sponsor'; by: string };
};

type LocalEvents = {
  'sponsorship.activity': SponsorshipActivity;
  /** Someone downloaded a stored file (the sponsorships module counts a sponsor's first download). */
  'file.downloaded': {
    who: { email: string | undefined; guest: { token: string; email: string } | null };
    file: { organisationId: number; eventId: number; sponsorshipId: number | null };
  };
  'invitation.team-accepted': { invitationId: number; email: string; acceptedBy: string };
  /** A participant's chat message was stored (system notices are not reported). */
  'chat.message-stored': {
    conversationId: number;
    organisationId: number;
    sponsorEmailNormalized: string;
    senderSide: 'organisation' | 'sponsor';
    senderId: string | null;
    /** Who wrote, as the receiving side sees it (the sponsor's address or the organisation's name). */
    senderName: string;
  };
  /** A sponsor's profile got a logo (the sponsor-profiles module); open logo deliverables are provided. */
  'sponsor-profile.logo-set': { sponsorEmailNormalized: string; actor: string };
  /** Deliverables are overdue: one alert each for accounts not alerted today (the fulfilment job). */
  'deliverables.overdue': { recipients: string[]; count: number; link: string };
  /** A sponsor announced a shipment, or the venue marked one received (the shipments module). */
  'shipment.changed': { kind: 'announced' | 'received'; organisationId: number; eventId: number; sponsorEmail: string };
};

export type EventMap = SharedEvents & LocalEvents;
export type EventName = keyof EventMap;
export type SharedEventName = keyof SharedEvents;

export type EventHandler<K extends EventName> = (payload: EventMap[K]) => Promise<void> | void;

export type DomainEvents = {
  publish<K extends EventName>(name: K, payload: EventMap[K]): Promise<void>;
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /** Resolves once events of other processes arrive. */
  ready(): Promise<void>;
  /** After events of other processes were missed (the bus's connection was lost and is back). */
  onResumed(listener: () => void): () => void;
  /** Whether events of other processes arrive now (readiness). */
  listening(): boolean;
};

const isShared = (name: EventName): name is SharedEventName => Object.hasOwn(sharedEventSchemas, name);

export function createDomainEvents(bus: MessageBus, log: FastifyBaseLogger): DomainEvents {
  const local = new Map<EventName, Set<EventHandler<never>>>();
  return {
    async publish(name, payload) {
      if (isShared(name)) return bus.publish(name, payload);
      const handlers = [...(local.get(name) ?? [])] as EventHandler<typeof name>[];
      await Promise.all(
        handlers.map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            log.error({ err: error, event: name }, 'event handler failed');
          }
        }),
      );
    },
    subscribe(name, handler) {
      if (isShared(name)) {
        const schema = sharedEventSchemas[name];
        // The payload's type follows from `name`; TypeScript loses that link once `name` is narrowed.
        const deliver = handler as (payload: unknown) => Promise<void> | void;
        const run = (payload: unknown) =>
          Promise.resolve()
            .then(() => deliver(payload))
            .catch((error: unknown) => log.error({ err: error, event: name }, 'event handler failed'));
        return bus.subscribe(name, (data, _local, remote) => {
          // What this process published was typed at `publish`; only other processes' events are parsed.
          if (!remote) return void run(data);
          const parsed = schema.safeParse(data);
          if (!parsed.success) return log.warn({ event: name }, 'malformed event from another process dropped');
          void run(parsed.data);
        });
      }
      let handlers = local.get(name);
      if (!handlers) local.set(name, (handlers = new Set()));
      const set = handlers;
      set.add(handler as EventHandler<never>);
      return () => void set.delete(handler as EventHandler<never>);
    },
    ready: () => bus.ready(),
    onResumed: (listener) => bus.onResumed(listener),
    listening: () => bus.listening(),
  };
}
