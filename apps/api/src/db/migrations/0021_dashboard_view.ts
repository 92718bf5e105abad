import type { Kysely } from 'kysely';

// The dashboard a user with both roles saw last (issue 21, point 1): 'organiser' or 'sponsor', null
// until they switch; the header and the landing after sign-in follow it.
export function dashboardView() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('user_profiles').addColumn('dashboard_view', 'varchar(20)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('user_profiles').dropColumn('dashboard_view').execute();
    },
  };
}
