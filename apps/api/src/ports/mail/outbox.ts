// Outbox adapter (embedded default): every mail is stored in the `outbox` table and printed to the
// log, so a new installation can finish a registration without any mail server. The mailbox page
// (mailbox-routes.ts) reads it back.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { fromDbTime, toDbTime } from '../../db/values.ts';
import type { MailMessage, MailPort } from './mail-port.ts';

export type StoredAttachment = { filename: string; content_type: string; size: number };
export type StoredMail = Omit<MailMessage, 'attachments'> & {
  id: number;
  createdAt: Date;
  attachments: StoredAttachment[];
};

export function createOutboxMail(db: Db, log: FastifyBaseLogger, clock: () => Date = () => new Date()): MailPort {
  return {
    async send(message) {
      const inserted = await db
        .insertInto('outbox')
        .values({
          recipient: message.to,
          subject: message.subject,
          // The outbox keeps no files: it names each attachment under the text (the mailbox page shows it).
          text: message.text + attachmentLines(message),
          html: message.html ?? null,
          // The outbox keeps what was attached (name, type, size), not the bytes.
          attachments: message.attachments?.length
            ? JSON.stringify(
                message.attachments.map((a) => ({
                  filename: a.filename,
                  content_type: a.contentType,
                  size: a.content.length,
                })),
              )
            : null,
          idempotency_key: message.idempotencyKey ?? null,
          created_at: toDbTime(clock()),
        })
        // The same intent again (a retry after a kill): kept once.
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      if (inserted.numInsertedOrUpdatedRows === 0n) return;
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `Mail kept in the local outbox (no SMTP_URL):\n${message.text}`,
      );
    },
  };
}

const attachmentLines = (message: MailMessage) =>
  (message.attachments ?? []).map((a) => `\n[Attachment: ${a.filename}, ${a.content.length} bytes]`).join('');

/** Newest first. */
export async function listOutbox(db: Db, limit = 100): Promise<StoredMail[]> {
  const rows = await db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    ...(row.html !== null ? { html: row.html } : {}),
    attachments: row.attachments ? (JSON.parse(row.attachments) as StoredAttachment[]) : [],
    createdAt: fromDbTime(row.created_at),
  }));
}
