// The bulk of the data-growth benchmark (issue 22, point 2): other organisations with their events,
// conversations and messages, inserted straight into the database in batches inside transactions
// (seeding a million messages through the API would take hours). The rows carry the columns the
// repositories write (events/repository.ts, chat/conversations-repository.ts, chat/message-writer.ts)
// under the same constraints; the counters the message writes keep on a conversation (newest id,
// unread per side, last participant, activity time) are computed from the rows inserted, and the
// revision tables are kept by the database's own triggers, which fire for these inserts too.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { messageText } from './seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));

/** What each organisation of the bulk holds: the average of 500 organisations at 100×. */
export const BULK_SHAPE = { events: 4, conversations: 10, messagesPerConversation: 200 };
/** Organisations per transaction. */
const BATCH = 20;
const BASE_TIME = Date.parse('2026-01-05T08:00:00.000Z');

/** The rows of organisation `o` of the bulk (pure data, the same on both engines). */
function organisationRows(o) {
  const at = new Date(BASE_TIME + o * 60_000).toISOString();
  const organisation = {
    name: `Bulkverein ${o + 1} e. V.`,
    street: 'Lindenallee',
    house_number: String(1 + (o % 200)),
    postal_code: String(10_000 + (o % 89_999)).padStart(5, '0'),
    city: 'Benchstadt',
    country: 'DE',
    phone_number: null,
    created_at: at,
    updated_at: at,
  };
  const events = Array.from({ length: BULK_SHAPE.events }, (_, e) => ({
    title: `Vereinsfest ${e + 1} des Bulkvereins ${o + 1}`,
    event_date: `2027-${String(1 + ((o + e) % 12)).padStart(2, '0')}-${String(1 + ((o * 7 + e) % 28)).padStart(2, '0')}`,
    location: 'Sportplatz Benchstadt',
    description: `Ein Fest mit Sponsoren, Nummer ${e + 1}.`,
    created_by: null,
    created_at: at,
    updated_at: at,
    archived_at: null,
  }));
  const conversations = Array.from({ length: BULK_SHAPE.conversations }, (_, c) => {
    const email = `sponsor-${c}@bulk-${o}.example.org`;
    const messages = Array.from({ length: BULK_SHAPE.messagesPerConversation }, (_, m) => {
      // Sponsor and organisation take turns; the sponsor's newest message is still unread.
      const side = m % 2 === 0 ? 'sponsor' : 'organisation';
      const sentAt = new Date(BASE_TIME + o * 60_000 + c * 5_000 + m * 10).toISOString();
      const unread = side === 'sponsor' && m >= BULK_SHAPE.messagesPerConversation - 2;
      return {
        sender_side: side,
        sender_id: side === 'organisation' ? `bulk-organiser-${o}` : null,
        sender_name: side === 'organisation' ? `Bulkverein ${o + 1}` : email,
        body: messageText(o * 1000 + c * 200 + m),
        type: 'text',
        sent_at: sentAt,
        read_at: unread ? null : sentAt,
      };
    });
    const last = messages.at(-1);
    return {
      row: {
        sponsor_email: email,
        sponsor_email_normalized: email,
        created_at: messages[0].sent_at,
        updated_at: last.sent_at,
        organisation_notified_at: null,
        sponsor_notified_at: null,
      },
      messages,
      unreadFromSponsor: messages.filter((m) => m.read_at === null && m.sender_side === 'sponsor').length,
      unreadFromOrganisation: messages.filter((m) => m.read_at === null && m.sender_side === 'organisation').length,
      lastParticipantSide: last.sender_side,
    };
  });
  return { organisation, events, conversations };
}

const MESSAGE_COLUMNS = ['sender_side', 'sender_id', 'sender_name', 'body', 'type', 'sent_at', 'read_at'];

function insertSqlite(file, count, log) {
  const Database = requireFromApi('better-sqlite3');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const insertOrganisation = db.prepare(
      'insert into organisations (name, street, house_number, postal_code, city, country, phone_number, created_at, updated_at) ' +
        'values (@name, @street, @house_number, @postal_code, @city, @country, @phone_number, @created_at, @updated_at)',
    );
    const insertEvent = db.prepare(
      'insert into events (organisation_id, title, event_date, location, description, created_by, created_at, updated_at, archived_at) ' +
        'values (@organisation_id, @title, @event_date, @location, @description, @created_by, @created_at, @updated_at, @archived_at)',
    );
    const insertConversation = db.prepare(
      'insert into conversations (organisation_id, sponsor_email, sponsor_email_normalized, created_at, updated_at, organisation_notified_at, sponsor_notified_at) ' +
        'values (@organisation_id, @sponsor_email, @sponsor_email_normalized, @created_at, @updated_at, @organisation_notified_at, @sponsor_notified_at)',
    );
    const insertMessage = db.prepare(
      `insert into messages (conversation_id, ${MESSAGE_COLUMNS.join(', ')}) values (@conversation_id, ${MESSAGE_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const counters = db.prepare(
      'update conversations set last_message_id = ?, unread_from_sponsor = ?, unread_from_organisation = ?, last_participant_side = ? where id = ?',
    );
    const batch = db.transaction((from, to) => {
      for (let o = from; o < to; o++) {
        const data = organisationRows(o);
        const organisationId = Number(insertOrganisation.run(data.organisation).lastInsertRowid);
        for (const event of data.events) insertEvent.run({ ...event, organisation_id: organisationId });
        for (const conversation of data.conversations) {
          const conversationId = Number(
            insertConversation.run({ ...conversation.row, organisation_id: organisationId }).lastInsertRowid,
          );
          let lastId = 0;
          for (const message of conversation.messages)
            lastId = Number(insertMessage.run({ ...message, conversation_id: conversationId }).lastInsertRowid);
          counters.run(
            lastId,
            conversation.unreadFromSponsor,
            conversation.unreadFromOrganisation,
            conversation.lastParticipantSide,
            conversationId,
          );
        }
      }
    });
    for (let from = 0; from < count; from += BATCH) {
      batch(from, Math.min(count, from + BATCH));
      if ((from / BATCH) % 10 === 9) log?.(`bulk: ${Math.min(count, from + BATCH)} of ${count} organisations`);
    }
    // No ANALYZE: the server never runs it on SQLite, so the plans measured are the ones it gets.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** unnest() of one array per column: a whole batch of rows in one statement. */
function unnestInsert(table, columns, types, rows, returning = '') {
  const params = columns.map((column) => rows.map((row) => row[column]));
  const selects = columns.map((_, i) => `$${i + 1}::${types[i]}[]`).join(', ');
  return {
    text: `insert into ${table} (${columns.join(', ')}) select * from unnest(${selects}) ${returning}`,
    values: params,
  };
}

async function insertPostgres(databaseUrl, count, log) {
  const pg = requireFromApi('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let from = 0; from < count; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => organisationRows(from + i));
      await client.query('begin');
      const orgColumns = Object.keys(batch[0].organisation);
      const orgTypes = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'];
      // The names are unique in the bulk: the ids are matched back by name, not by row order.
      const organisations = await client.query(
        unnestInsert(
          'organisations',
          orgColumns,
          orgTypes,
          batch.map((b) => b.organisation),
          'returning id, name',
        ),
      );
      const idOf = new Map(organisations.rows.map((r) => [r.name, r.id]));
      const eventColumns = ['organisation_id', ...Object.keys(batch[0].events[0])];
      const eventTypes = ['int', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz', 'timestamptz'];
      await client.query(
        unnestInsert(
          'events',
          eventColumns,
          eventTypes,
          batch.flatMap((b) => b.events.map((e) => ({ ...e, organisation_id: idOf.get(b.organisation.name) }))),
        ),
      );
      const conversationColumns = ['organisation_id', ...Object.keys(batch[0].conversations[0].row)];
      const conversationTypes = ['int', 'text', 'text', 'timestamptz', 'timestamptz', 'timestamptz', 'timestamptz'];
      const conversations = batch.flatMap((b) =>
        b.conversations.map((c) => ({ ...c, organisationId: idOf.get(b.organisation.name) })),
      );
      const inserted = await client.query(
        unnestInsert(
          'conversations',
          conversationColumns,
          conversationTypes,
          conversations.map((c) => ({ ...c.row, organisation_id: c.organisationId })),
          'returning id, organisation_id, sponsor_email_normalized',
        ),
      );
      const conversationIdOf = new Map(
        inserted.rows.map((r) => [`${r.organisation_id} ${r.sponsor_email_normalized}`, r.id]),
      );
      for (const c of conversations)
        c.id = conversationIdOf.get(`${c.organisationId} ${c.row.sponsor_email_normalized}`);
      const messageTypes = ['int', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'];
      await client.query(
        unnestInsert(
          'messages',
          ['conversation_id', ...MESSAGE_COLUMNS],
          messageTypes,
          conversations.flatMap((c) => c.messages.map((m) => ({ ...m, conversation_id: c.id }))),
        ),
      );
      // The counters the message writes keep, from the rows just inserted (one statement).
      await client.query(
        `update conversations c set
           last_message_id = (select max(m.id) from messages m where m.conversation_id = c.id),
           unread_from_sponsor = v.from_sponsor, unread_from_organisation = v.from_organisation,
           last_participant_side = v.side
         from unnest($1::int[], $2::int[], $3::int[], $4::text[]) as v(id, from_sponsor, from_organisation, side)
         where c.id = v.id`,
        [
          conversations.map((c) => c.id),
          conversations.map((c) => c.unreadFromSponsor),
          conversations.map((c) => c.unreadFromOrganisation),
          conversations.map((c) => c.lastParticipantSide),
        ],
      );
      await client.query('commit');
      if ((from / BATCH) % 10 === 9) log?.(`bulk: ${from + batch.length} of ${count} organisations`);
    }
    // What autovacuum does on its own soon after a bulk load; the server relies on it too.
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Inserts `count` organisations of BULK_SHAPE into the stopped server's database. */
export async function insertBulk({ sqliteFile, databaseUrl, count, log }) {
  if (count <= 0) return;
  if (databaseUrl) await insertPostgres(databaseUrl, count, log);
  else insertSqlite(sqliteFile, count, log);
}
