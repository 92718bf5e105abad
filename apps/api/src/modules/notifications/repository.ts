// Data access of the in-app notifications (alerts): recipients by organisation or address, writing
// alerts (new-message alerts fold into the recipient's unread one of that conversation), and reading
// and marking one recipient's own.
import { sql } from 'kysely';
import type { NotificationKind } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { cachedRead } from '../../read-cache/index.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { fromDbCount, fromDbTime, fromDbTimeOrNull, toDbTime } from '../../db/values.ts';

export type NotificationRecord = {
  id: number;
  recipientId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  link: string;
  conversationId: number | null;
  count: number;
  createdAt: Date;
  readAt: Date | null;
};

export type NewNotification = {
  kind: NotificationKind;
  params: Record<string, string>;
  link: string;
  conversationId?: number;
};

type Row = Omit<NotificationsTable, 'id' | 'count'> & { id: number; count: number | string };

const COLUMNS = [
  'id',
  'recipient_id',
  'kind',
  'params',
  'link',
  'conversation_id',
  'count',
  'created_at',
  'read_at',
] as const;

const ORGANISER_ROLES = ['veranstalter', 'beides'];

function parseParams(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

const toRecord = (row: Row): NotificationRecord => ({
  id: Number(row.id),
  recipientId: row.recipient_id,
  kind: row.kind as NotificationKind,
  params: parseParams(row.params),
  link: row.link,
  conversationId: row.conversation_id === null ? null : Number(row.conversation_id),
  count: Number(row.count),
  createdAt: fromDbTime(row.created_at),
  readAt: fromDbTimeOrNull(row.read_at),
});

export function createNotificationsRepository(db: Db) {
  // Asked for every chat message to a sponsor; kept in the read memo until user_profiles changes.
  const accountByAddress = cachedRead(db, ['user_profiles'], (emailNormalized: string) =>
    db.selectFrom('user_profiles').select('cognito_id').where('email_normalized', '=', emailNormalized),
  );
  return {
    /** Every member of the organisation (or only its organisers), by account id. */
    async organisationMembers(organisationId: number, { organisersOnly = false } = {}): Promise<string[]> {
      let query = db.selectFrom('user_profiles').select('cognito_id').where('organisation_id', '=', organisationId);
      if (organisersOnly) query = query.where('role', 'in', ORGANISER_ROLES);
      return (await query.execute()).map((row) => row.cognito_id);
    },

    /** The account registered with the address, if any (a guest sponsor has none). */
    async accountOf(emailNormalized: string): Promise<string | null> {
      const [row] = await accountByAddress(emailNormalized);
      return row?.cognito_id ?? null;
    },

    /** Who sent the invitation, if they still have an account. */
    async inviterOf(invitationId: number): Promise<string | null> {
      const row = await db
        .selectFrom('invitations as i')
        .innerJoin('user_profiles as p', 'p.cognito_id', 'i.invited_by')
        .select('p.cognito_id')
        .where('i.id', '=', invitationId)
        .executeTakeFirst();
      return row?.cognito_id ?? null;
    },

    /**
     * One alert per recipient. With `conversationId`, a recipient's unread alert of that
     * conversation is updated instead (count + 1, newest time and params).
     */
    async insert(recipients: string[], notification: NewNotification, at: Date): Promise<NotificationRecord[]> {
      if (recipients.length === 0) return [];
      const params = JSON.stringify(notification.params);
      const values = recipients.map((recipient) => ({
        recipient_id: recipient,
        kind: notification.kind,
        params,
        link: notification.link,
        conversation_id: notification.conversationId ?? null,
        created_at: toDbTime(at),
        read_at: null,
      }));
      let query = db.insertInto('notifications').values(values);
      if (notification.conversationId !== undefined) {
        query = query.onConflict((oc) =>
          oc
            .columns(['recipient_id', 'conversation_id'])
            .where(sql<boolean>`read_at is null and conversation_id is not null`)
            .doUpdateSet((eb) => ({
              count: eb('notifications.count', '+', 1),
              params: eb.ref('excluded.params'),
              created_at: eb.ref('excluded.created_at'),
            })),
        );
      }
      const rows = await query.returning(COLUMNS).execute();
      return rows.map(toRecord);
    },

    async find(id: number): Promise<NotificationRecord | undefined> {
      const row = await db.selectFrom('notifications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The recipient's newest alerts. */
    async list(recipientId: string, limit: number): Promise<NotificationRecord[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(COLUMNS)
        .where('recipient_id', '=', recipientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    async unreadCount(recipientId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return row ? fromDbCount(row.n) : 0;
    },

    /** Marks the recipient's own unread alerts read (`ids` null: all); answers the ids it changed. */
    async markRead(recipientId: string, ids: number[] | null, at: Date): Promise<number[]> {
      let query = db
        .updateTable('notifications')
        .set({ read_at: toDbTime(at) })
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null);
      if (ids !== null) query = query.where('id', 'in', ids);
      const rows = await query.returning('id').execute();
      return rows.map((row) => Number(row.id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
