// Table types of the fulfilment module (migration 0016), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { DbBool, DbTime } from './schema.ts';

export type DeliverablesTable = {
  id: Generated<number>;
  sponsorship_id: number;
  organisation_id: number;
  event_id: number;
  /** Where it came from (`benefit:<position>`): confirming twice finds it there. */
  source_key: string;
  position: number;
  title: string;
  kind: string;
  needs_sponsor_input: DbBool;
  due_date: string | null;
  /** Seats of a tickets benefit as agreed at the confirmation (migration 0038); null = one. */
  quantity: number | null;
  status: 'open' | 'in_progress' | 'done' | 'waived';
  assignee: string | null;
  sponsor_input: string | null;
  provided_at: DbTime | null;
  created_at: DbTime;
  updated_at: DbTime;
};

export type DeliverableCommentsTable = {
  id: Generated<number>;
  deliverable_id: number;
  at: DbTime;
  side: 'organisation' | 'sponsor';
  actor: string;
  text: string;
};

export type DeliverableActivityTable = {
  id: Generated<number>;
  sponsorship_id: number;
  deliverable_id: number | null;
  at: DbTime;
  side: 'organisation' | 'sponsor' | 'system';
  actor: string;
  kind: string;
  title: string | null;
  detail: string | null;
};

export type FulfilmentSendsTable = {
  channel: 'alert' | 'mail';
  recipient: string;
  /** YYYY-MM-DD (UTC) of the last send. */
  day: string;
  sent_at: DbTime | null;
};

export type FulfilmentTables = {
  deliverables: DeliverablesTable;
  deliverable_comments: DeliverableCommentsTable;
  deliverable_activity: DeliverableActivityTable;
  fulfilment_sends: FulfilmentSendsTable;
};
