// Table types of the tickets module (migration 0038), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbTime } from './schema.ts';

export type TicketHoldersTable = {
  id: Generated<number>;
  organisation_id: number;
  event_id: number;
  sponsorship_id: number;
  deliverable_id: number;
  /** 1..quota, unique per deliverable: the database hands out the last seat once. */
  seat: number;
  name: string;
  email: string;
  created_at: DbTime;
  checked_in_at: DbTime | null;
  checked_in_by: string | null;
};

export type TicketTables = { ticket_holders: TicketHoldersTable };
