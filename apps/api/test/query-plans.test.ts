// The hot queries use an index on both engines (issue 22, point 2; decision 030). Each query is the
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { createConversationsRepository } from '../src/modules/chat/conversations-repository.ts';
import { createMessageWriter } from '../src/modules/chat/message-writer.ts';
import { createMessagesRepository } from '../src/modules/chat/messages-repository.ts';
import { createEventsRepository } from '../src/modules/events/repository.ts';
import { createSponsorshipsRepository } from '../src/modules/sponsorships/repository.ts';
import { ENGINES, createTestDatabase, type TestDatabase } from './helpers.ts';

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
const BIG = [
  'organisations',
  'user_profiles',
  'events',
  'sponsorships',
  'conversations',
  'messages',
  'chat_list_revisions',
];
const ORGANISATIONS = 300;
const EXTRA_ORGANISATIONS = 5000;
const EVENTS_PER_ORGANISATION = 8;
const CONVERSATIONS_PER_ORGANISATION = 8;
const MESSAGES_PER_CONVERSATION = 12;
const T = '2026-01-05T08:00:00.000Z';

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
async function planOf(database: TestDatabase, query: CompiledQuery) {
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
async function expectIndexed(database: TestDatabase, query: CompiledQuery, { sorts = false } = {}) {
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

describe.each(ENGINES)('query plans of the hot queries on %s', (engine) => {
  let database: TestDatabase;
  let recorder: QueryRecorder;
  let db: Db;
  let organisationId: number;
  let eventId: number;
  let conversationId: number;

  /** The queries `run` makes through the repositories, in order. */
  const recorded = async (run: () => Promise<unknown>): Promise<CompiledQuery[]> => {
    recorder.queries.length = 0;
    await run();
    return [...recorder.queries];
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seed(database.db);
    if (engine === 'postgres') await database.db.executeQuery(CompiledQuery.raw('analyze'));
    const executor = database.db.getExecutor();
    recorder = new QueryRecorder((node) => executor.compileQuery(node, { queryId: 'plan' } as never));
    db = database.db.withPlugin(recorder);
    const profile = await database.db
      .selectFrom('user_profiles')
      .select('organisation_id')
      .where('cognito_id', '=', 'sub-150')
      .executeTakeFirstOrThrow();
    organisationId = profile.organisation_id!;
    eventId = (
      await database.db
        .selectFrom('events')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).id;
    conversationId = (
      await database.db
        .selectFrom('conversations')
        .select('id')
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => database.dispose());

  const events = () =>
    createEventsRepository(db, { attachEventFiles: async () => undefined, removeUnlistedEventFiles: async () => [] });

  it('the access checks of the event reads (preparedRead): membership with revision, the event by id', async () => {
    const queries = await recorded(async () => {
      await events().findMembershipAndRevision('sub-150');
      await events().findEvent(eventId);
    });
    expect(queries).toHaveLength(2);
    for (const query of queries) await expectIndexed(database, query);
  });

  it('the events list: the first page, a keyset page, the archived list and the total', async () => {
    const first = await recorded(() => events().listEvents(organisationId, { limit: 3, offset: 0, archived: false }));
    const keyset = await recorded(() =>
      events().listEvents(organisationId, {
        limit: 3,
        offset: 0,
        archived: false,
        after: { eventDate: '2027-06-30', id: 2_000_000 },
      }),
    );
    const archived = await recorded(() => events().listEvents(organisationId, { limit: 3, offset: 0, archived: true }));
    expect(keyset[0]!.sql).toMatch(/\("event_date", "id"\) < \(/);
    expect(keyset[0]!.sql).not.toMatch(/offset/i);
    for (const query of [...first, ...keyset, ...archived]) await expectIndexed(database, query);
    // The page reads the partial index of its list, which orders it without a sort.
    const { lines } = await planOf(database, keyset[0]!);
    expect(lines.join('\n')).toMatch(/events_organisation_active/);
  });

  it('the event page reads: sponsorship totals and the sponsorships of the event', async () => {
    const queries = await recorded(async () => {
      await events().sponsorshipTotals([eventId]);
      await createSponsorshipsRepository(db, {} as never).listForEvent(eventId);
    });
    expect(queries).toHaveLength(2);
    await expectIndexed(database, queries[0]!);
    // SQLite reads them in the order of sponsorships_event_created; PostgreSQL joins first and then
    // sorts the event's rows (an event's sponsorships, not the table).
    await expectIndexed(database, queries[1]!, { sorts: engine === 'postgres' });
  });

  it('the chat access checks and the conversation list', async () => {
    const conversations = createConversationsRepository(db);
    const access = await recorded(async () => {
      await conversations.findMembershipAndListVersion('sub-150', 'owner-150@verein.example');
      await conversations.findConversation(conversationId);
    });
    expect(access.length).toBeGreaterThanOrEqual(2);
    for (const query of access) await expectIndexed(database, query);
    const list = await recorded(() =>
      conversations.listConversations({ kind: 'user', organisationId, emailNormalized: 'owner-150@verein.example' }),
    );
    expect(list).toHaveLength(1);
    // The organisation's conversations or the address's: two index ranges, so their union is sorted
    // (one organisation's conversations, not the table).
    await expectIndexed(database, list[0]!, { sorts: true });
  });

  it('a conversation page: the newest 50 and an older page by before=', async () => {
    const messages = createMessagesRepository(db);
    const newest = await recorded(() => messages.listMessages(conversationId, { limit: 50 }));
    const older = await recorded(() => messages.listMessages(conversationId, { limit: 5, before: 2_000_000 }));
    expect(older[0]!.sql).not.toMatch(/offset/i);
    for (const query of [...newest, ...older]) await expectIndexed(database, query);
  });

  it("a message insert's counter update on its conversation", async () => {
    const writer = createMessageWriter(db, engine);
    const queries = await recorded(() =>
      writer.insertMessage({
        conversationId,
        senderSide: 'sponsor',
        senderId: null,
        senderName: 'Anna',
        body: 'Neue Nachricht',
        type: 'text',
        sentAt: new Date(T),
        readAt: null,
      }),
    );
    const update = queries.find((q) => /^update "conversations"/.test(q.sql));
    expect(update, queries.map((q) => q.sql).join('\n')).toBeDefined();
    await expectIndexed(database, update!);
  });
});
