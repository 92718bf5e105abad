// Stream tickets: EventSource cannot send an Authorization header, so POST /stream/ticket (bearer or
// guest) answers a ticket for GET /stream?ticket=. Stateless: who the caller is and the expiry,
// signed with HMAC-SHA256 under a key derived from a secret kept in server_secrets, so every process
// accepts the tickets of the others.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { toDbTime } from '../../db/values.ts';

const SECRET_NAME = 'chat-stream-tickets';
const MAX_TICKET_LENGTH = 2048;
export const TICKET_TTL_MS = 60_000;

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

export function createStreamTickets(db: Db, clock: () => Date) {
  let loading: Promise<Buffer> | undefined;
  const load = async () => {
    await db
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64'), created_at: toDbTime(new Date()) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('server_secrets')
      .select('secret')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirstOrThrow();
    return Buffer.from(
      hkdfSync('sha256', Buffer.from(row.secret, 'base64'), Buffer.alloc(0), 'chat stream tickets', 32),
    );
  };
  const key = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const mac = (k: Buffer, payload: string) => createHmac('sha256', k).update(payload).digest();

  return {
    async issue(holder: TicketHolder): Promise<{ ticket: string; expiresAt: Date }> {
      const expiresAt = new Date(clock().getTime() + TICKET_TTL_MS);
      const x = Math.floor(expiresAt.getTime() / 1000);
      const claims =
        holder.kind === 'user'
          ? { v: 1, k: 'user', sub: holder.sub, email: holder.email, x }
          : { v: 1, k: 'guest', o: holder.organisationId, email: holder.email, x };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { ticket: `${payload}.${mac(await key(), payload).toString('base64url')}`, expiresAt: new Date(x * 1000) };
    },

    /** The holder when the signature holds and the ticket has not expired; otherwise null. */
    async verify(ticket: string): Promise<TicketHolder | null> {
      if (ticket.length > MAX_TICKET_LENGTH) return null;
      const parts = ticket.split('.');
      if (parts.length !== 2) return null;
      const [payload, signature] = parts as [string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(await key(), payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = ZClaims.safeParse(decoded);
      if (!parsed.success || parsed.data.x * 1000 <= clock().getTime()) return null;
      const claims = parsed.data;
      return claims.k === 'user'
        ? { kind: 'user', sub: claims.sub, email: claims.email }
        : { kind: 'guest', organisationId: claims.o, email: claims.email };
    },
  };
}

export type StreamTickets = ReturnType<typeof createStreamTickets>;
