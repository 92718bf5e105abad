// The mail port: every mail of the product (codes, invitations, notices) is sent through this one
// interface. Adapters: the outbox (embedded default) and SMTP (SMTP_URL).
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type MailPort = { send(message: MailMessage): Promise<void> };
