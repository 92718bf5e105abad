// Stream tickets: EventSource cannot send an Authorization header, so POST /stream/ticket (bearer or
// guest) answers a ticket for GET /stream?ticket=: who the caller is and the expiry, signed like the
// upload URLs (lib/signed-tokens.ts) under keys of its own, so every process accepts the others' tickets.
import { z } from 'zod';
import type { ServerSecret } from '../../db/server-secrets.ts';
import { signToken, verifyToken, type TokenKeys } from '../../lib/signed-tokens.ts';

export const TICKET_TTL_MS = 60_000;

/** The server secret the tickets' keys are derived from. */
export const STREAM_TICKETS: ServerSecret = { name: 'chat-stream-tickets', purpose: 'chat stream tickets' };

const ZClaims = z.discriminatedUnion('k', [
  z.object({
    v: z.literal(1),
    k: z.literal('user'),
    sub: z.string().min(1).max(64),
    email: z.string().max(320),
    x: z.number().int(),
  }),
  z.object({
    v: z.literal(1),
    k: z.literal('guest'),
    o: z.number().int(),
    email: z.string().max(320),
    x: z.number().int(),
  }),
]);

export type TicketHolder =
  { kind: 'user'; sub: string; email: string } | { kind: 'guest'; organisationId: number; email: string };

export function createStreamTickets(keys: () => Promise<TokenKeys>, clock: () => Date) {
  return {
    async issue(holder: TicketHolder): Promise<{ ticket: string; expiresAt: Date }> {
      const x = Math.floor((clock().getTime() + TICKET_TTL_MS) / 1000);
      const claims =
        holder.kind === 'user'
          ? { v: 1, k: 'user', sub: holder.sub, email: holder.email, x }
          : { v: 1, k: 'guest', o: holder.organisationId, email: holder.email, x };
      return { ticket: signToken(await keys(), claims), expiresAt: new Date(x * 1000) };
    },

    /** The holder when the signature holds and the ticket has not expired; otherwise null. */
    async verify(ticket: string): Promise<TicketHolder | null> {
      const claims = verifyToken(await keys(), ticket, ZClaims, clock());
      if (!claims) return null;
      return claims.k === 'user'
        ? { kind: 'user', sub: claims.sub, email: claims.email }
        : { kind: 'guest', organisationId: claims.o, email: claims.email };
    },
  };
}

export type StreamTickets = ReturnType<typeof createStreamTickets>;
