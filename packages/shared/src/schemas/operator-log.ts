// The operator log (issue 63 point 5, decision 077): who changed the billing settings, the team or the
// server's keys, and which operator commands ran, and when; the organisation's owner reads it.
//
//   GET /organisation/:id/operator-log   owner   → ZOperatorLogResponse (newest first, at most 200)   403
import { z } from 'zod';

export const OPERATOR_ACTIONS = [
  'billing.settings-changed',
  'team.member-joined',
  'team.member-removed',
  'profile.role-changed',
  'keys.secrets-key-rotated',
  'admin.command',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** At most this many entries, the newest, per answer. */
export const OPERATOR_LOG_LIMIT = 200;

export const ZOperatorLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** user: `actor` is the user's e-mail address; operator: the operating-system account of the command line. */
  actor_kind: z.enum(['user', 'operator']),
  actor: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  /** The entry's particulars: the member's address, the role before and after, the command. */
  details: z.record(z.string(), z.string()),
});
export type OperatorLogEntryWire = z.infer<typeof ZOperatorLogEntry>;

export const ZOperatorLogResponse = z.object({ entries: z.array(ZOperatorLogEntry) });
export type OperatorLogResponse = z.infer<typeof ZOperatorLogResponse>;
