// The operator log's table (migration 0036): the one writer, called by the modules whose changes it
// records with their own transaction, so that an entry exists exactly when its change committed.
import { OPERATOR_LOG_LIMIT, type OperatorAction, type OperatorLogEntryWire } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbTime } from '../../db/values.ts';

export type OperatorEntry = {
  /** null: an operator command that concerns no one organisation (every owner sees it). */
  organisationId: number | null;
  actor: { kind: 'user'; email: string } | { kind: 'operator'; account: string };
  action: OperatorAction;
  details?: Record<string, string>;
  at: Date;
};

/** Writes one entry on `executor`: the transaction of the change it records, where there is one. */
export async function recordOperatorEntry(executor: Db, entry: OperatorEntry): Promise<void> {
  await executor
    .insertInto('operator_log')
    .values({
      organisation_id: entry.organisationId,
      actor_kind: entry.actor.kind,
      actor: entry.actor.kind === 'user' ? entry.actor.email : entry.actor.account,
      action: entry.action,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: toDbTime(entry.at),
    })
    .execute();
}

/** The organisation's entries and those of no organisation, newest first. */
export async function listOperatorEntries(db: Db, organisationId: number): Promise<OperatorLogEntryWire[]> {
  const rows = await db
    .selectFrom('operator_log')
    .select(['id', 'actor_kind', 'actor', 'action', 'details', 'created_at'])
    .where((eb) => eb.or([eb('organisation_id', '=', organisationId), eb('organisation_id', 'is', null)]))
    .orderBy('id', 'desc')
    .limit(OPERATOR_LOG_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: fromDbTime(row.created_at).toISOString(),
    actor_kind: row.actor_kind,
    actor: row.actor,
    action: row.action as OperatorAction,
    details: row.details ? (JSON.parse(row.details) as Record<string, string>) : {},
  }));
}
