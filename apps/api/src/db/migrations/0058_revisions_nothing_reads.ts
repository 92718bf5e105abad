import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';
import { readRevisions } from './0012_read_revisions.ts';
import { chatListRevisions } from './0013_chat_list_revisions.ts';
import { packageRevisions } from './0020_package_revisions.ts';
import { chatListChanges } from './0027_chat_list_changes.ts';
import { chatListBumpsPerStatement } from './0032_chat_list_bumps_per_statement.ts';
import { sponsorNameRevisions } from './0034_sponsor_name_revisions.ts';
import { sponsorNamesInChatLists } from './0046_sponsor_names_in_chat_lists.ts';

// The revisions the old speed machinery kept by triggers, which nothing reads since the one read
// cache (decision 094, issue 56): the organisation's revision (migrations 0012, 0020, 0034) and the
// conversation lists' revisions (0013, 0027, 0032, 0046). Every write to events, files, packages,
// sponsorships, conversations and the sponsors' names ran one or two of these triggers, and each
// bump was a write to `organisations` or `chat_list_revisions` that the other processes' read
// caches heard as a change of that table (decision 105). The readiness boards' revision (0050) stays.
//
// `chat_list_revisions` goes: the version before this one reads it nowhere (only its triggers,
// dropped here, wrote it), so it keeps running on the migrated database (the README's upgrade; the
// exception is listed in test/architecture/additive-migrations.test.ts). `organisations.revision`
// stays, unmoved at its last value: the version before still selects it with the membership.

/** PostgreSQL: [trigger, table] of 0012, 0020, 0034, 0032 (0013's conversation trigger) and 0046. */
const POSTGRES_TRIGGERS = [
  ['events_revision', 'events'],
  ['event_files_revision', 'event_files'],
  ['sponsorships_revision', 'sponsorships'],
  ['packages_revision', 'packages'],
  ['organisations_name_revision', 'organisations'],
  ['sponsor_profiles_revision', 'sponsor_profiles'],
  ['sponsor_legal_details_revision', 'sponsor_legal_details'],
  ['conversations_list_revision_insert', 'conversations'],
  ['conversations_list_revision_update', 'conversations'],
  ['conversations_list_revision_delete', 'conversations'],
  ['organisations_chat_list_revision', 'organisations'],
  ['sponsor_profiles_chat_lists', 'sponsor_profiles'],
  ['sponsor_profiles_chat_lists_update', 'sponsor_profiles'],
  ['sponsor_legal_details_chat_lists', 'sponsor_legal_details'],
  ['sponsor_legal_details_chat_lists_update', 'sponsor_legal_details'],
] as const;

/** The functions behind them; unique names, so dropped without their arguments. */
const POSTGRES_FUNCTIONS = [
  'bump_organisation_revision',
  'bump_own_revision',
  'bump_sponsor_organisations',
  'bump_scopes_of_conversations',
  'bump_chat_list_scopes',
  'bump_conversation_scopes',
  'bump_sponsor_scopes_of_organisation',
  'bump_chat_list_revision',
  'bump_chat_lists_of_sponsor',
] as const;

const ops = (prefix: string, names: readonly string[]) => names.map((op) => `${prefix}_${op}`);

/** SQLite: its row triggers of 0012, 0020, 0034, 0027 and 0046. */
const SQLITE_TRIGGERS = [
  ...['events', 'event_files', 'sponsorships', 'packages', 'sponsor_profiles', 'sponsor_legal_details'].flatMap(
    (table) => ops(`${table}_revision`, ['insert', 'delete', 'update']),
  ),
  'organisations_name_revision',
  ...ops('conversations_list_revision', ['insert', 'update', 'move', 'delete']),
  'organisations_chat_list_revision',
  ...['sponsor_profiles', 'sponsor_legal_details'].flatMap((table) =>
    ops(`${table}_chat_lists`, ['insert', 'delete', 'update']),
  ),
];

export function revisionsNothingReads(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        for (const [trigger, table] of POSTGRES_TRIGGERS)
          await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.table(table)}`.execute(db);
        for (const name of POSTGRES_FUNCTIONS) await sql`drop function if exists ${sql.raw(name)}`.execute(db);
      } else {
        for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      }
      await db.schema.dropTable('chat_list_revisions').execute();
    },
    async down(db: Kysely<unknown>) {
      // The revisions as the migrations made them, counted from 0 again: 0012 adds the column anew.
      await db.schema.alterTable('organisations').dropColumn('revision').execute();
      for (const migration of [
        readRevisions(engine),
        chatListRevisions(engine),
        packageRevisions(engine),
        chatListChanges(engine),
        chatListBumpsPerStatement(engine),
        sponsorNameRevisions(engine),
        sponsorNamesInChatLists(engine),
      ])
        await migration.up(db);
    },
  };
}
