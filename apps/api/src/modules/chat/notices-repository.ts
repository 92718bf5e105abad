// E-mail notices of new messages: who receives them (members who want them, the sponsor's account)
// and the one notice slot per conversation and side and hour, claimed atomically.

import type { Db } from '../../db/index.ts';
import { fromDbBool, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';
import type { ChatSide } from './records.ts';

export function createNoticesRepository(db: Db) {
  return {
    /** The organisation of the member with that address, when there is one. */
    async findMemberOrganisation(emailNormalized: string): Promise<number | null> {
      const row = await db
        .selectFrom('user_profiles')
        .select('organisation_id')
        .where('email_normalized', '=', emailNormalized)
        .where('organisation_id', 'is not', null)
        .executeTakeFirst();
      return row?.organisation_id ?? null;
    },

    /** Members who want chat e-mail notices (settings). */
    async listMembers(organisationId: number): Promise<{ sub: string; email: string; language: string | null }[]> {
      const rows = await db
        .selectFrom('user_profiles')
        .select(['cognito_id', 'email', 'language'])
        .where('organisation_id', '=', organisationId)
        .where('chat_email_notices', '=', toDbBool(true))
        .execute();
      return rows.map((row) => ({ sub: row.cognito_id, email: row.email, language: row.language }));
    },

    /** The account with that address (its profile language), if any. */
    async findAccount(
      emailNormalized: string,
    ): Promise<{ email: string; language: string | null; wantsNotices: boolean } | undefined> {
      const row = await db
        .selectFrom('user_profiles')
        .select(['email', 'language', 'chat_email_notices'])
        .where('email_normalized', '=', emailNormalized)
        .executeTakeFirst();
      return row && { email: row.email, language: row.language, wantsNotices: fromDbBool(row.chat_email_notices) };
    },

    /** When the side's last e-mail notice of the conversation went out, if ever. */
    async lastNoticeAt(conversationId: number, side: ChatSide): Promise<Date | null> {
      const column = side === 'organisation' ? 'organisation_notified_at' : 'sponsor_notified_at';
      const row = await db
        .selectFrom('conversations')
        .select(column)
        .where('id', '=', conversationId)
        .executeTakeFirst();
      return fromDbTimeOrNull(row?.[column] ?? null);
    },

    /**
     * Takes the side's e-mail notice slot of the conversation when the last notice is older than
     * `notBefore` (or there was none); atomic, so only one process and one request send the notice.
     */
    async claimNotice(conversationId: number, side: ChatSide, now: Date, notBefore: Date): Promise<boolean> {
      const column = side === 'organisation' ? 'organisation_notified_at' : 'sponsor_notified_at';
      const result = await db
        .updateTable('conversations')
        .set({ [column]: toDbTime(now) })
        .where('id', '=', conversationId)
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', toDbTime(notBefore))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
