// Unread counts, read from the conversations' counters (never the message history, decision 007).
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { fromDbCount } from '../../db/values.ts';
import { unreadColumn, type ChatSide, type Counts } from './records.ts';

export function createUnreadRepository(db: Db) {
  /**
   * Unread messages of `senderSide` in the conversations the filter picks (from the counters), the
   * conversations holding some, and those whose newest participant message is from `senderSide`
   * (unanswered by the reader's side, whether read or not).
   */
  const countUnread = async (
    senderSide: ChatSide,
    filter: { organisationId?: number; emailNormalized?: string },
  ): Promise<Counts> => {
    const column = sql.ref(`c.${unreadColumn(senderSide)}`);
    let query = db
      .selectFrom('conversations as c')
      .select([
        sql<number>`sum(${column})`.as('n'),
        sql<number>`sum(case when ${column} > 0 then 1 else 0 end)`.as('k'),
        sql<number>`sum(case when c.last_participant_side = ${senderSide} then 1 else 0 end)`.as('u'),
      ])
      .where((eb) =>
        eb.or([eb(`c.${unreadColumn(senderSide)}`, '>', 0), eb('c.last_participant_side', '=', senderSide)]),
      );
    if (filter.organisationId !== undefined) query = query.where('c.organisation_id', '=', filter.organisationId);
    if (filter.emailNormalized !== undefined) {
      query = query.where('c.sponsor_email_normalized', '=', filter.emailNormalized);
    }
    const row = await query.executeTakeFirst();
    return {
      messages: fromDbCount(row?.n ?? 0),
      conversations: fromDbCount(row?.k ?? 0),
      unanswered: fromDbCount(row?.u ?? 0),
    };
  };

  return {
    /** Unread sponsor messages over the organisation's conversations. */
    organisationUnread: (organisationId: number) => countUnread('sponsor', { organisationId }),
    /** Unread organisation messages over the address's conversations. */
    sponsorUnread: (emailNormalized: string) => countUnread('organisation', { emailNormalized }),
    /** Unread organisation messages of one conversation (a guest's). */
    pairUnread: (organisationId: number, emailNormalized: string) =>
      countUnread('organisation', { organisationId, emailNormalized }),
  };
}
