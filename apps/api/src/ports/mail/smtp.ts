// SMTP adapter (production): sends through nodemailer to the server named by SMTP_URL
// (smtp://user:pass@host:port, or smtps:// for implicit TLS), from MAIL_FROM.
import nodemailer from 'nodemailer';
import type { MailPort } from './mail-port.ts';

export function createSmtpMail(options: { url: string; from: string }): MailPort & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // No SMTP server forgets a mail it took: a retry's copy carries the same Message-ID.
        ...(message.idempotencyKey
          ? { messageId: `<${message.idempotencyKey.replace(/[^\w.-]/g, '.')}@sponsoring-platform>` }
          : {}),
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
    },
    close: () => transport.close(),
  };
}
