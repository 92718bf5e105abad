// The mail port: every mail of the product (codes, invitations, notices) is sent through this one
// interface. Adapters: the outbox (embedded default) and SMTP (SMTP_URL).
/** A file sent with a mail (an invoice's PDF and XML, a sealed agreement). */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type MailPort = { send(message: MailMessage): Promise<void> };
