// Search over what a caller may see: their organisation's events, members and conversations, and as
// a sponsor the events and conversations naming their address. Matching is a case-insensitive
// substring with LIKE's wildcards escaped, the same on both engines.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Hits per kind: the box shows a short list, the pages hold the rest. */
export const SEARCH_LIMIT = 5;

/** `%text%` with %, _ and the escape character itself taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const contains = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

export type Searcher = { organisationId: number | null; emailNormalized: string };

export function createSearchRepository(db: Db) {
  return {
    async caller(sub: string): Promise<{ organisationId: number | null } | undefined> {
      const row = await db
        .selectFrom('user_profiles')
        .select('organisation_id')
        .where('cognito_id', '=', sub)
        .executeTakeFirst();
      return row && { organisationId: row.organisation_id };
    },

    /** Events whose title contains the text; an exact title (any case) comes first. */
    async events(who: Searcher, pattern: string, text: string) {
      const rows = await db
        .selectFrom('events as e')
        .select(['e.id', 'e.title', 'e.event_date', 'e.organisation_id'])
        .where(contains('e.title', pattern))
        .where((eb) => {
          const sponsored = eb.exists(
            eb
              .selectFrom('sponsorships as s')
              .select('s.id')
              .whereRef('s.event_id', '=', 'e.id')
              .where('s.sponsor_email_normalized', '=', who.emailNormalized),
          );
          // The organisation's archived events are out of its way; a sponsor still finds theirs.
          return who.organisationId === null
            ? sponsored
            : eb.or([
                eb.and([eb('e.organisation_id', '=', who.organisationId), eb('e.archived_at', 'is', null)]),
                sponsored,
              ]);
        })
        .orderBy(sql`case when lower(${sql.ref('e.title')}) = ${text.toLowerCase()} then 0 else 1 end`)
        .orderBy('e.event_date', 'desc')
        .orderBy('e.id', 'desc')
        .limit(SEARCH_LIMIT)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        event_date: row.event_date,
        own: row.organisation_id === who.organisationId,
      }));
    },

    /** Conversations by the other party: the sponsor's name or address for the organisation, else its name. */
    async conversations(who: Searcher, pattern: string) {
      const own =
        who.organisationId === null
          ? []
          : await db
              .selectFrom('conversations as c')
              .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 'c.sponsor_email_normalized')
              .leftJoin('sponsor_legal_details as sl', 'sl.email_normalized', 'c.sponsor_email_normalized')
              // The sponsor as the chat list names it (decision 091), found by that name or address.
              .select([
                'c.id',
                sql<string>`coalesce(nullif(trim(sp.public_name), ''), nullif(trim(sl.legal_name), ''), c.sponsor_email)`.as(
                  'other_name',
                ),
              ])
              .where('c.organisation_id', '=', who.organisationId)
              .where((eb) =>
                eb.or([
                  contains('c.sponsor_email', pattern),
                  contains('sp.public_name', pattern),
                  contains('sl.legal_name', pattern),
                ]),
              )
              .orderBy('c.updated_at', 'desc')
              .limit(SEARCH_LIMIT)
              .execute();
      const asSponsor = await db
        .selectFrom('conversations as c')
        .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
        .select(['c.id', 'o.name as other_name'])
        .where('c.sponsor_email_normalized', '=', who.emailNormalized)
        .where(contains('o.name', pattern))
        .orderBy('c.updated_at', 'desc')
        .limit(SEARCH_LIMIT)
        .execute();
      return [...own, ...asSponsor].slice(0, SEARCH_LIMIT);
    },

    async teamMembers(organisationId: number, pattern: string) {
      return db
        .selectFrom('user_profiles')
        .select('email')
        .where('organisation_id', '=', organisationId)
        .where(contains('email', pattern))
        .orderBy('email')
        .limit(SEARCH_LIMIT)
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
