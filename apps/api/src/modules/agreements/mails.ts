// The agreement's mails (signed by both sides, a signature voided): the texts' paragraphs, then the
// link to the agreement, as a link in the HTML part and as the plain URL in the text part.
import { composeMail, type MailMessage } from '../../ports/mail/index.ts';

export function agreementMail(
  to: string,
  content: { subject: string; paragraphs: string[] },
  link: string,
  attachment?: { filename: string; content: Buffer },
): MailMessage {
  return composeMail({
    to,
    subject: content.subject,
    before: content.paragraphs,
    highlight: { url: link },
    ...(attachment ? { attachments: [{ ...attachment, contentType: 'application/pdf' }] } : {}),
  });
}
