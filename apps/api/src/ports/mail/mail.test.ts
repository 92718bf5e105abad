// The mail port's adapters: SMTP against a real SMTP server started in the test (smtp-server), and
// the outbox with its operator-only mailbox page; plus the templates' languages.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { ENGINES } from '../../../test/helpers.ts';
import {
  callIdentity,
  newInvitationCode,
  PASSWORD,
  startIdentityApp,
  uniqueEmail,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import { createOutboxMail } from './outbox.ts';
import { createSmtpMail } from './smtp.ts';
import { renderMail } from './templates.ts';

type Received = { from: string; to: string[]; user: string | undefined; raw: string };

async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP adapter against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp.close());

  it('authenticates and delivers a rendered mail', async () => {
    const mail = createSmtpMail({
      url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
      from: 'Platform <no-reply@platform.test>',
    });
    try {
      await mail.send(renderMail('ada@example.org', { kind: 'sign-up-code', code: '123456' }, 'de'));
    } finally {
      mail.close();
    }
    const message = smtp.received.at(-1)!;
    expect(message.user).toBe('mailer');
    expect(message.from).toBe('no-reply@platform.test');
    expect(message.to).toEqual(['ada@example.org']);
    expect(message.raw).toMatch(/^To: ada@example\.org/m);
    expect(message.raw).toContain('Content-Type: text/html');
    expect(message.raw).toContain('123456');
  });

  it('fails when the server refuses the credentials', async () => {
    const mail = createSmtpMail({ url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: 'x@platform.test' });
    try {
      await expect(mail.send({ to: 'a@example.org', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      mail.close();
    }
  });

  it('is used by the app when SMTP_URL is set, and then there is no mailbox', async () => {
    const t = await startIdentityApp('sqlite', {
      env: { SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, MAIL_FROM: 'Team <team@platform.test>' },
    });
    try {
      const email = uniqueEmail('smtp');
      const invitationCode = await newInvitationCode(t.database.db);
      const response = await callIdentity(t.app, 'SignUp', {
        ClientId: t.config.identity.clientId,
        Username: email,
        Password: PASSWORD,
        ClientMetadata: { invitationCode, language: 'en' },
      });
      expect(response.status).toBe(200);
      const message = smtp.received.find((m) => m.to.includes(email));
      expect(message?.raw).toMatch(/\b\d{6}\b/);
      expect(message?.from).toBe('team@platform.test');
      expect(await t.database.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
      const mailbox = await t.app.inject({ url: `/dev/mailbox?token=${t.config.mail.mailboxToken}` });
      expect(mailbox.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe.each(ENGINES)('outbox and mailbox on %s', (engine) => {
  let t: IdentityTestApp;
  const token = 'operator-token-for-tests-0123456789';
  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: { MAILBOX_TOKEN: token } });
  });
  afterAll(async () => t.close());

  it('answers 404 without the operator token, or with a wrong one', async () => {
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json',
      `/dev/mailbox?token=${token}x`,
      '/dev/mailbox.json?token=',
      `/dev/mailbox?token[]=${token}`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Not found', code: 'request.not-found' });
    }
  });

  it('lists mails newest first, escaped, under the strict CSP, never cached', async () => {
    const outbox = createOutboxMail(t.database.db, t.app.log);
    await outbox.send({ to: 'first@example.org', subject: 'First', text: 'one' });
    await outbox.send({ to: 'second@example.org', subject: 'Second <script>alert(1)</script>', text: 'two & more' });

    const page = await t.app.inject({ url: `/dev/mailbox?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body;
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(html).toContain('Second &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('two &amp; more');
    expect(html.indexOf('second@example.org')).toBeLessThan(html.indexOf('first@example.org'));
    const stylesheet = await t.app.inject({ url: '/dev/mailbox.css' });
    expect(stylesheet.headers['content-type']).toContain('text/css');

    const json = await t.app.inject({ url: `/dev/mailbox.json?token=${token}` });
    expect(
      json
        .json()
        .mails.slice(0, 2)
        .map((m: { to: string }) => m.to),
    ).toEqual(['second@example.org', 'first@example.org']);
  });

  it('writes codes in German by default and in English on request', async () => {
    const ClientId = t.config.identity.clientId;
    const german = uniqueEmail('de');
    const english = uniqueEmail('en');
    for (const [email, metadata] of [
      [german, {}],
      [english, { language: 'en' }],
    ] as const) {
      const invitationCode = await newInvitationCode(t.database.db);
      await callIdentity(t.app, 'SignUp', {
        ClientId,
        Username: email,
        Password: PASSWORD,
        ClientMetadata: { invitationCode, ...metadata },
      });
    }
    const mails = (await t.app.inject({ url: `/dev/mailbox.json?token=${token}` })).json().mails as Array<{
      to: string;
      subject: string;
      text: string;
      html: string;
    }>;
    const de = mails.find((m) => m.to === german)!;
    const en = mails.find((m) => m.to === english)!;
    expect(de.subject).toBe('Ihr Bestätigungscode für die Sponsoring-Plattform');
    expect(de.text).toContain('24 Stunden');
    expect(en.subject).toBe('Your Sponsoring Platform confirmation code');
    expect(en.html).toContain('<strong>');
  });
});

describe('mail templates', () => {
  it('renders every template in both languages with the code in text and HTML', () => {
    for (const kind of ['sign-up-code', 'reset-code', 'verify-email-code'] as const) {
      for (const language of ['de', 'en'] as const) {
        const mail = renderMail('a@example.org', { kind, code: '042042' }, language);
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.text).toContain('042042');
        expect(mail.html).toContain('042042');
      }
    }
  });
});
