// Invitation codes that allow registration (spec section 5). A code may be limited in uses and time.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type InvitationCode = {
  code: string;
  maxUses: number | null;
  uses: number;
  expiresAt: Date | null;
  createdAt: Date;
  note: string | null;
};

// No 0/O, 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 characters of a 31-letter alphabet: about 59 bits, far beyond guessing under the rate limit. */
export function generateInvitationCode(): string {
  let raw = '';
  for (let i = 0; i < 12; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

export function normaliseInvitationCode(input: string): string {
  return input.trim().toUpperCase();
}

export function createInviteCodesRepository(db: Db) {
  const usable = (now: Date) =>
    db
      .selectFrom('invitation_codes')
      .selectAll()
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', toDbTime(now))]))
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]));

  const toDomain = (row: {
    code: string;
    max_uses: number | null;
    uses: number;
    expires_at: string | Date | null;
    created_at: string | Date;
    note: string | null;
  }): InvitationCode => ({
    code: row.code,
    maxUses: row.max_uses,
    uses: Number(row.uses),
    expiresAt: fromDbTimeOrNull(row.expires_at),
    createdAt: fromDbTime(row.created_at),
    note: row.note,
  });

  return {
    async create(input: { maxUses?: number | null; expiresAt?: Date | null; note?: string | null }, now = new Date()) {
      const code = generateInvitationCode();
      await db
        .insertInto('invitation_codes')
        .values({
          code,
          max_uses: input.maxUses ?? null,
          expires_at: input.expiresAt ? toDbTime(input.expiresAt) : null,
          created_at: toDbTime(now),
          note: input.note ?? null,
        })
        .execute();
      return code;
    },

    async list(): Promise<InvitationCode[]> {
      const rows = await db.selectFrom('invitation_codes').selectAll().orderBy('id').execute();
      return rows.map(toDomain);
    },

    async findUsable(code: string, now = new Date()): Promise<InvitationCode | undefined> {
      const row = await usable(now).where('code', '=', normaliseInvitationCode(code)).executeTakeFirst();
      return row ? toDomain(row) : undefined;
    },

    async hasAnyUsable(now = new Date()): Promise<boolean> {
      return (await usable(now).select('id').executeTakeFirst()) !== undefined;
    },

    async firstUsable(now = new Date()): Promise<InvitationCode | undefined> {
      const row = await usable(now).orderBy('id').executeTakeFirst();
      return row ? toDomain(row) : undefined;
    },

    /** Counts one use, atomically: false when the code is unknown, expired or used up. */
    async consume(code: string, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('invitation_codes')
        .set({ uses: sql`uses + 1` })
        .where('code', '=', normaliseInvitationCode(code))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', toDbTime(now))]))
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type InviteCodesRepository = ReturnType<typeof createInviteCodesRepository>;
