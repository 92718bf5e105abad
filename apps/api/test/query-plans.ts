// Support of the query-plan tests (query-plans.test.ts in the modules): the hot queries use an index on both engines (issue 22, point 2; decision 030). Each query is the
// one the repository runs: a plugin records what the repositories compile while they answer, and
// the test asks the database for the plan of exactly that SQL with its parameters. SQLite is not
// analysed (the server never runs ANALYZE), so its plans are the ones production gets; PostgreSQL
// is seeded with a few thousand rows per table and analysed, so that without the index its planner
// would read the table sequentially (enable_seqscan = off would prove nothing).
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { expect } from 'vitest';
import type { Engine } from '../src/db/column-types.ts';
import type { Db } from '../src/db/index.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

/** Records the SQL of every query built through the Kysely instance it is plugged into. */
class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly compile: (node: RootOperationNode) => CompiledQuery) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.compile(args.node));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Tables that grow with the data: no query may read one of them whole. */
const BIG = ['organisations', 'user_profiles', 'events', 'sponsorships', 'conversations', 'messages'];
const ORGANISATIONS = 300;
const EXTRA_ORGANISATIONS = 5000;
const EVENTS_PER_ORGANISATION = 8;
const CONVERSATIONS_PER_ORGANISATION = 8;
const MESSAGES_PER_CONVERSATION = 12;
export const T = '2026-01-05T08:00:00.000Z';

async function seed(db: Db): Promise<void> {
  const organisations = Array.from({ length: Math.max(ORGANISATIONS, 500) }, (_, o) => ({
    name: `Verein ${o}`,
    street: 'Hauptstraße',
    house_number: '1',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    phone_number: null,
    created_at: T,
    updated_at: T,
  }));
  const orgIds = (
    await db.insertInto('organisations').values(organisations.slice(0, ORGANISATIONS)).returning('id').execute()
  ).map((r) => r.id);
  // Organisations are joined to every list row by id: with a few hundred, reading the table whole
  // is the cheaper plan, so there are as many as a grown platform has (without further rows).
  for (let batch = 0; batch < EXTRA_ORGANISATIONS / 500; batch++)
    await db
      .insertInto('organisations')
      .values(organisations.slice(0, 500).map((o, i) => ({ ...o, name: `Weiterer Verein ${batch * 500 + i}` })))
      .execute();
  for (const [o, organisationId] of orgIds.entries()) {
    await db
      .insertInto('user_profiles')
      .values({
        cognito_id: `sub-${o}`,
        email: `owner-${o}@verein.example`,
        email_normalized: `owner-${o}@verein.example`,
        role: 'veranstalter',
        organisation_id: organisationId,
        organisation_role: 'owner',
        profile_picture: null,
        language: null,
        dashboard_view: null,
        created_at: T,
        updated_at: T,
      })
      .execute();
    const eventIds = (
      await db
        .insertInto('events')
        .values(
          Array.from({ length: EVENTS_PER_ORGANISATION }, (_, e) => ({
            organisation_id: organisationId,
            title: `Fest ${e}`,
            event_date: `2027-${String(1 + (e % 12)).padStart(2, '0')}-${String(1 + ((o + e) % 28)).padStart(2, '0')}`,
            location: 'Halle',
            description: 'Ein Fest.',
            created_by: null,
            created_at: T,
            updated_at: T,
            archived_at: e === 0 ? T : null,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    await db
      .insertInto('sponsorships')
      .values(
        eventIds.flatMap((eventId, e) =>
          Array.from({ length: 3 }, (_, s) => ({
            event_id: eventId,
            organisation_id: organisationId,
            sponsor_email: `s${s}-${e}@sponsor.example`,
            sponsor_email_normalized: `s${s}-${e}@sponsor.example`,
            status: 'invited' as const,
            amount_cents: 1000,
            sponsor_cognito_id: null,
            created_at: T,
            updated_at: T,
          })),
        ),
      )
      .execute();
    const conversationIds = (
      await db
        .insertInto('conversations')
        .values(
          Array.from({ length: CONVERSATIONS_PER_ORGANISATION }, (_, c) => ({
            organisation_id: organisationId,
            sponsor_email: `c${c}-${o}@sponsor.example`,
            sponsor_email_normalized: `c${c}-${o}@sponsor.example`,
            created_at: T,
            updated_at: T,
            organisation_notified_at: null,
            sponsor_notified_at: null,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    await db
      .insertInto('messages')
      .values(
        conversationIds.flatMap((conversationId) =>
          Array.from({ length: MESSAGES_PER_CONVERSATION }, (_, m) => ({
            conversation_id: conversationId,
            sender_side: m % 2 === 0 ? ('sponsor' as const) : ('organisation' as const),
            sender_id: null,
            sender_name: 'Anna',
            body: `Nachricht ${m}`,
            type: 'text' as const,
            sent_at: T,
            read_at: T,
          })),
        ),
      )
      .execute();
  }
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** The plan of a recorded query, as lines (SQLite) or plan nodes (PostgreSQL). */
export async function planOf(database: TestDatabase, query: CompiledQuery) {
  if (database.engine === 'sqlite') {
    const result = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return { lines: result.rows.map((r) => r.detail), nodes: [] as PlanNode[] };
  }
  const result = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  const nodes = flatten(result.rows[0]!['QUERY PLAN'][0].Plan);
  return { lines: nodes.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`), nodes };
}

/**
 * Asserts the plan reads every big table through an index: SQLite `SEARCH ... USING (COVERING)
 * INDEX` or `INTEGER PRIMARY KEY` and no `SCAN` of a big table; PostgreSQL an Index Scan, Index
 * Only Scan or Bitmap Index Scan and no Seq Scan on it. `sorts`: whether the order may need a sort
 * (a list whose rows come from two indexes, e.g. an OR over two columns).
 */
export async function expectIndexed(database: TestDatabase, query: CompiledQuery, { sorts = false } = {}) {
  const { lines, nodes } = await planOf(database, query);
  const context = `${query.sql}\n${lines.join('\n')}`;
  if (database.engine === 'sqlite') {
    expect(
      lines.some((l) => /^SEARCH \w+( AS \w+)? USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY)/.test(l)),
      context,
    ).toBe(true);
    for (const table of BIG)
      expect(
        lines.filter((l) => new RegExp(`^SCAN ${table}\\b`).test(l)),
        context,
      ).toEqual([]);
    if (!sorts)
      expect(
        lines.filter((l) => l.includes('USE TEMP B-TREE FOR ORDER BY')),
        context,
      ).toEqual([]);
    return;
  }
  const onBig = nodes.filter((n) => n['Relation Name'] && BIG.includes(n['Relation Name']));
  expect(onBig.length, context).toBeGreaterThan(0);
  for (const node of onBig)
    expect(['Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'ModifyTable'], context).toContain(node['Node Type']);
  for (const node of nodes.filter((n) => n['Node Type'] === 'Bitmap Heap Scan'))
    expect(
      flatten(node).some((n) => n['Node Type'] === 'Bitmap Index Scan'),
      context,
    ).toBe(true);
  if (!sorts)
    expect(
      nodes.filter((n) => n['Node Type'] === 'Sort'),
      context,
    ).toEqual([]);
}

/** A seeded (PostgreSQL: analysed) database, a Kysely that records what is built through it, and ids to ask for. */
export async function planFixture(engine: Engine) {
  const database = await createTestDatabase(engine);
  await seed(database.db);
  if (engine === 'postgres') await database.db.executeQuery(CompiledQuery.raw('analyze'));
  const executor = database.db.getExecutor();
  const recorder = new QueryRecorder((node) => executor.compileQuery(node, { queryId: 'plan' } as never));
  const profile = await database.db
    .selectFrom('user_profiles')
    .select('organisation_id')
    .where('cognito_id', '=', 'sub-150')
    .executeTakeFirstOrThrow();
  const organisationId = profile.organisation_id!;
  const eventId = (
    await database.db
      .selectFrom('events')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow()
  ).id;
  const conversationId = (
    await database.db
      .selectFrom('conversations')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow()
  ).id;
  return {
    database,
    /** Builds through this instance are recorded. */
    db: database.db.withPlugin(recorder) as Db,
    sub: 'sub-150',
    email: 'owner-150@verein.example',
    organisationId,
    eventId,
    conversationId,
    /** The queries `run` makes through `db`, in order. */
    async recorded(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
      recorder.queries.length = 0;
      await run();
      return [...recorder.queries];
    },
  };
}

export type PlanFixture = Awaited<ReturnType<typeof planFixture>>;
