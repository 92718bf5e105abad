import { sql, type Kysely } from 'kysely';

// Documents in the sponsor's language, with a choice per document (issue 58, decision 074):
// `sponsor_language` is the language the sponsor told us they use (their app's), null until they did;
// `agreement_language` is the organiser's choice for this sponsorship's agreement, null = follow the
// sponsor. The invoice keeps its own language on the invoice row (0026).
const COLUMNS = ['sponsor_language', 'agreement_language'] as const;

export function documentLanguages() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of COLUMNS) {
        await db.schema
          .alterTable('sponsorships')
          .addColumn(column, 'varchar(2)', (col) => col.check(sql`${sql.ref(column)} in ('de', 'en')`))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of COLUMNS) {
        await db.schema.alterTable('sponsorships').dropColumn(column).execute();
      }
    },
  };
}
