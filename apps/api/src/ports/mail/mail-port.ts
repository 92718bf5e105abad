// The mail port: every mail of the product (codes, invitations, notices) is sent through this one
// interface. Adapters: the outbox (embedded default) and SMTP (SMTP_URL).
/** A file sent with a mail (an invoice's PDF and XML, a sealed agreement). */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * What the mail is for (decision 097), stable across retries: the outbox stores a key once (a
   * retry after a kill between the mail and its record sends nothing); SMTP cannot take a mail
   * back, so there it is the Message-ID, and a retry is a second mail with the same Message-ID.
   */
  idempotencyKey?: string;
};

export type MailPort = { send(message: MailMessage): Promise<void> };
