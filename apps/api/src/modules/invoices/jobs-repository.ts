// Kysely for bulk_jobs (decision 093), this module's table: a job is started once per kind and scope
// (the unique active_key), claimed by a conditional update (a claim token and claimed_until), and each
// item's result is written under the claim, so a process whose claim ran out writes nothing more.
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { InvoiceJob, InvoiceJobItem, InvoiceJobKind } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import type { BulkJobTable, Database } from '../../db/schema.ts';
import { fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type JobRecord = InvoiceJob & {
  organisationId: number;
  eventId: number;
  createdBy: { sub: string; email?: string | undefined };
  claimToken: string | null;
};

const KIND_OF: Record<InvoiceJobKind, BulkJobTable['kind']> = {
  'issue-drafts': 'invoices.issue-drafts',
  send: 'invoices.send',
};
const wireKind = (kind: BulkJobTable['kind']): InvoiceJobKind => (kind === 'invoices.send' ? 'send' : 'issue-drafts');
const scopeOf = (eventId: number) => `event:${eventId}`;

type Row = Omit<BulkJobTable, 'id'> & { id: number };
const toRecord = (r: Row): JobRecord => ({
  id: Number(r.id),
  kind: wireKind(r.kind),
  state: r.state,
  total: Number(r.total),
  done: Number(r.done),
  items: JSON.parse(r.items) as InvoiceJobItem[],
  created_at: fromDbTime(r.created_at).toISOString(),
  finished_at: fromDbTimeOrNull(r.finished_at)?.toISOString() ?? null,
  organisationId: Number(r.organisation_id),
  eventId: Number(r.event_id),
  createdBy: { sub: r.created_by_sub, email: r.created_by_email ?? undefined },
  claimToken: r.claim_token,
});

/** Due: queued, or running under a claim that ran out (its process was killed or hangs). */
const due = (now: string) => (eb: ExpressionBuilder<Database, 'bulk_jobs'>) =>
  eb.or([
    eb('state', '=', 'queued'),
    eb.and([eb('state', '=', 'running'), eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)])]),
  ]);

export function createJobsRepository(db: Db) {
  const find = async (id: number): Promise<JobRecord | undefined> => {
    const row = await db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  };
  return {
    find,
    /** Starts a job, or answers the one of this kind and scope not done yet (inserted by whoever came first). */
    async start(input: {
      organisationId: number;
      eventId: number;
      kind: InvoiceJobKind;
      items: InvoiceJobItem[];
      by: { sub: string; email?: string | undefined };
      at: Date;
    }): Promise<{ job: JobRecord; started: boolean }> {
      const kind = KIND_OF[input.kind];
      const scope = scopeOf(input.eventId);
      const activeKey = `${kind}:${scope}`;
      const inserted = await db
        .insertInto('bulk_jobs')
        .values({
          organisation_id: input.organisationId,
          event_id: input.eventId,
          kind,
          scope,
          active_key: activeKey,
          state: input.items.length === 0 ? 'done' : 'queued',
          items: JSON.stringify(input.items),
          total: input.items.length,
          done: 0,
          claim_token: null,
          claimed_until: null,
          created_by_sub: input.by.sub,
          created_by_email: input.by.email ?? null,
          created_at: toDbTime(input.at),
          finished_at: input.items.length === 0 ? toDbTime(input.at) : null,
        })
        .onConflict((oc) => oc.column('active_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        const id = Number(inserted.id);
        // An empty job is done at once and holds no key.
        if (input.items.length === 0)
          await db.updateTable('bulk_jobs').set({ active_key: null }).where('id', '=', id).execute();
        return { job: (await find(id))!, started: true };
      }
      const running = await db
        .selectFrom('bulk_jobs')
        .selectAll()
        .where('active_key', '=', activeKey)
        .executeTakeFirst();
      // The other job finished between our insert and this read: start again (rare).
      if (!running) return this.start(input);
      return { job: toRecord(running as Row), started: false };
    },

    /** The latest job per kind of an event. */
    async latest(eventId: number): Promise<JobRecord[]> {
      const out: JobRecord[] = [];
      for (const kind of Object.values(KIND_OF)) {
        const row = await db
          .selectFrom('bulk_jobs')
          .selectAll()
          .where('event_id', '=', eventId)
          .where('kind', '=', kind)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row) out.push(toRecord(row as Row));
      }
      return out;
    },

    async dueIds(at: Date): Promise<number[]> {
      const rows = await db
        .selectFrom('bulk_jobs')
        .select('id')
        .where(due(toDbTime(at)))
        .orderBy('id')
        .limit(20)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Claims a due job for `claimMs` under a new token; undefined when another process has it. */
    async claim(id: number, at: Date, claimMs: number): Promise<JobRecord | undefined> {
      const row = await db
        .updateTable('bulk_jobs')
        .set({
          state: 'running',
          claim_token: randomUUID(),
          claimed_until: toDbTime(new Date(at.getTime() + claimMs)),
        })
        .where('id', '=', id)
        .where(due(toDbTime(at)))
        .returningAll()
        .executeTakeFirst();
      return row ? toRecord(row as Row) : undefined;
    },

    /** Writes the items' results and extends the claim; false when the claim is no longer ours. */
    async progress(job: JobRecord, at: Date, claimMs: number): Promise<boolean> {
      const done = job.items.filter((i) => i.state === 'done' || i.state === 'failed').length;
      const result = await db
        .updateTable('bulk_jobs')
        .set({
          items: JSON.stringify(job.items),
          done,
          claimed_until: toDbTime(new Date(at.getTime() + claimMs)),
        })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .executeTakeFirst();
      job.done = done;
      return Number(result.numUpdatedRows) === 1;
    },

    /** Marks the job done and frees its kind and scope for the next one. */
    async finish(job: JobRecord, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('bulk_jobs')
        .set({ state: 'done', active_key: null, claim_token: null, claimed_until: null, finished_at: toDbTime(at) })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** The wire form (no owner, no claim). */
export const wireJob = (job: JobRecord): InvoiceJob => ({
  id: job.id,
  kind: job.kind,
  state: job.state,
  total: job.total,
  done: job.done,
  items: job.items,
  created_at: job.created_at,
  finished_at: job.finished_at,
});
