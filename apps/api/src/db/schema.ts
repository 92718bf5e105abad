// Table types for Kysely. Column types are what both engines accept on write; repositories
// normalise what comes back (dates, booleans, numbers) so both engines return the same objects.
import type { Generated } from 'kysely';

/** Written as ISO-8601 strings; read back as Date (PostgreSQL) or string (SQLite). */
export type DbTime = string | Date;
/** Written as 0 / 1; read back as boolean (PostgreSQL) or number (SQLite). */
export type DbBool = number | boolean;
/** COUNT(*) and bigint come back as string from PostgreSQL. */
export type DbCount = number | string | bigint;

export type InvitationCodesTable = {
  id: Generated<number>;
  code: string;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: DbTime | null;
  created_at: DbTime;
  note: string | null;
};

export type Database = {
  invitation_codes: InvitationCodesTable;
};
