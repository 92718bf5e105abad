// Chooses the mail adapter from configuration: SMTP when SMTP_URL is set, else the local outbox.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { MailPort } from './mail-port.ts';
import { createOutboxMail } from './outbox.ts';
import { createSmtpMail } from './smtp.ts';

export type { MailAttachment, MailMessage, MailPort } from './mail-port.ts';
export { composeMail, renderChatNoticeMail, renderFulfilmentDigestMail } from './templates.ts';

export function createMailPort(config: Config, db: Db, log: FastifyBaseLogger): MailPort & { close(): void } {
  if (config.mail.smtpUrl) return createSmtpMail({ url: config.mail.smtpUrl, from: config.mail.from });
  return { ...createOutboxMail(db, log), close: () => undefined };
}
