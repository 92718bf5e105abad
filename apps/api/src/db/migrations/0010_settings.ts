import type { Kysely } from 'kysely';
import { boolDefault, boolType, type Engine } from '../column-types.ts';

// The user's own settings beside the profile: whether chat e-mail notices are wanted (default yes).
export function settings(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('user_profiles')
        .addColumn('chat_email_notices', boolType(engine), (col) => col.notNull().defaultTo(boolDefault(true)))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_profiles').dropColumn('chat_email_notices').execute();
    },
  };
}
