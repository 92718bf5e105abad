// GET /dev/mailbox (HTML, newest first) and /dev/mailbox.json: the local outbox for an operator
// without a mail server. Registered only while no SMTP_URL is set, and answers only with the operator
// token printed at start (`?token=`); anything else gets the same 404 as an unknown path, because the
// outbox holds sign-up and reset codes. The page has no inline script or style (strict CSP).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { listOutbox, type StoredMail } from './outbox.ts';
import { sendProblem } from '../../plugins/error-handler.ts';

const STYLESHEET = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; }
h1 { font-size: 1.4rem; }
.empty { color: #6b7280; }
article { border: 1px solid #d1d5db; border-radius: 0.5rem; margin: 1rem 0; padding: 0.75rem 1rem; }
header { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; font-size: 0.9rem; color: #4b5563; }
h2 { font-size: 1.05rem; margin: 0.5rem 0; }
pre { white-space: pre-wrap; font: inherit; margin: 0; }
`.trimStart();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function renderPage(mails: StoredMail[]): string {
  const items = mails.map(
    (mail) => `<article>
<header><span>To: ${escapeHtml(mail.to)}</span><time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toISOString()}</time></header>
<h2>${escapeHtml(mail.subject)}</h2>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Mailbox (local outbox)</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dev/mailbox.css">
</head>
<body>
<h1>Local outbox: mails are not sent while no SMTP_URL is configured</h1>
${items.length === 0 ? '<p class="empty">No mails yet.</p>' : items.join('\n')}
</body>
</html>
`;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function mailboxRoutes(app: FastifyInstance, options: { db: Db; token: string }) {
  const expected = digest(options.token);
  const authorised = (request: FastifyRequest) => {
    const token = (request.query as { token?: unknown }).token;
    return typeof token === 'string' && timingSafeEqual(digest(token), expected);
  };
  const notFound = (reply: FastifyReply) => sendProblem(reply, 'request.not-found', 'Not found');
  const privateHeaders = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');

  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request)) return notFound(reply);
    const mails = await listOutbox(options.db);
    return privateHeaders(reply).type('text/html; charset=utf-8').send(renderPage(mails));
  });

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request)) return notFound(reply);
    const mails = await listOutbox(options.db);
    return privateHeaders(reply).send({ mails });
  });

  app.get('/dev/mailbox.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(STYLESHEET),
  );
}
