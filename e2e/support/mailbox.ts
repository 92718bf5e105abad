// Reads the local outbox of the server under test (GET /dev/mailbox.json with the operator token the
// e2e server is started with) and waits for the code a mail carries.
import { request } from '@playwright/test';

export const MAILBOX_TOKEN = 'e2e-mailbox-token';

export type OutboxMail = { id: number; to: string; subject: string; text: string; createdAt: string };

export async function listMails(): Promise<OutboxMail[]> {
  const context = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const response = await context.get(`/dev/mailbox.json?token=${MAILBOX_TOKEN}`);
    if (!response.ok()) throw new Error(`GET /dev/mailbox.json answered ${response.status()}`);
    const { mails } = (await response.json()) as { mails: OutboxMail[] };
    return mails;
  } finally {
    await context.dispose();
  }
}

/**
 * The six-digit code of the newest mail to `email` whose subject matches, polling until it arrives.
 * `after` skips mails that were already there (e.g. the sign-up code when waiting for a reset code).
 */
export async function waitForCode(
  email: string,
  subjectMatch: RegExp,
  { timeoutMs = 15_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await listMails();
    const mail = mails.find(
      (m) => m.id > after && m.to.toLowerCase() === email.toLowerCase() && subjectMatch.test(m.subject),
    );
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} matching ${subjectMatch} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The id of the newest mail in the outbox (0 when empty), to wait for mails after it. */
export async function latestMailId(): Promise<number> {
  const mails = await listMails();
  return mails[0]?.id ?? 0;
}

/** The first link matching `pattern` in the newest mail to `email` that has one, polling until it arrives. */
export async function waitForMailLink(email: string, pattern: RegExp, { timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await listMails();
    for (const mail of mails) {
      if (mail.to.toLowerCase() !== email.toLowerCase()) continue;
      const link = mail.text.match(pattern)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} with a link matching ${pattern} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
