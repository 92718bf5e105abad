// Table types of the tickets module (migrations 0038 and 0041), beside schema.ts to keep each file short.
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
  /** The e-mail trimmed and in lower case, unique per deliverable; null once erased (decision 086). */
  email_key: string | null;
  /** When name and e-mail were erased, 90 days after the event (decision 086); null while kept. */
  erased_at: DbTime | null;
};

export type TicketTables = { ticket_holders: TicketHoldersTable };
