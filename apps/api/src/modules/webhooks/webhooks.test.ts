// Signed webhooks (issue 61 point 2, decision 111) through the real routes on both engines, against a
// real receiver on a loopback port: a confirmed sponsorship, an issued and a paid invoice reach it
// signed so that the Standard Webhooks library verifies them; a receiver that fails is tried again
// with the same webhook-id and a fresh signature; a rotated secret signs beside the new one; only the
// owner manages webhooks, and an endpoint of another organisation is not found.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';
import {
  billingOrganiser,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
  signInAgain,
} from '../invoices/test-support.ts';
import { guardedLookup, isPrivateAddress, RefusedAddressError } from './address-guard.ts';
import { guestHeaders } from '../sponsorships/test-support.ts';
import { deliveryJobOf } from './delivery-job.ts';

type Received = { headers: Record<string, string>; body: string };

/**
 * The library checks the timestamp against the real time (5 minutes either way); the tests move the
 * app's clock ahead, so the library is asked as if it were the moment the message was sent.
 */
function verifiedAt(verifier: Webhook, message: Received): unknown {
  const sent = Number(message.headers['webhook-timestamp']) * 1000;
  const now = vi.spyOn(Date, 'now').mockReturnValue(sent);
  try {
    return verifier.verify(message.body, message.headers);
  } finally {
    now.mockRestore();
  }
}

/** A receiver that records what it gets and answers `status` (a list: one per request, then the last). */
async function receiver() {
  const received: Received[] = [];
  let statuses: number[] = [204];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'not now' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer: (next: number[]) => {
      statuses = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(ENGINES)('webhooks on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let other: TestUser;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  const call = requester(() => t);
  const drain = () => deliveryJobOf(t.database.db)!.run(t.clock());

  beforeAll(async () => {
    t = await startIdentityApp(engine, { env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    [owner, other] = await Promise.all([billingOrganiser(t), billingOrganiser(t)]);
    hooks = await receiver();
  });
  afterAll(async () => {
    await hooks.close();
    await t.close();
  });
  beforeEach(() => {
    hooks.received.length = 0;
    hooks.answer([204]);
  });

  const create = async (user: TestUser, eventTypes: string[], url = hooks.url) => {
    const res = await call('POST', '/api/webhooks', user.token, {
      url,
      description: 'Buchhaltung',
      event_types: eventTypes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<WebhookWithSecret>();
  };

  it('delivers a confirmed sponsorship, an issued and a paid invoice, signed so the library verifies them', async () => {
    const { endpoint, secret } = await create(owner, ['sponsorship.confirmed', 'invoice.issued', 'invoice.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The list never shows the secret again.
    const listed = await call('GET', '/api/webhooks', owner.token);
    expect(listed.body).not.toContain(secret.slice(6));
    expect(listed.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((e) => e.id)).toEqual([endpoint.id]);

    const event = await eventWithPackage(t, owner);
    const guest = await confirmedSponsorship(t, owner, event);
    const invoice = await issuedInvoice(t, owner, guest);
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, owner.token, {
      paid_on: t.clock().toISOString().slice(0, 10),
      amount_cents: invoice.gross_cents,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await drain();

    const verifier = new Webhook(secret);
    const messages = hooks.received.map(
      (r) => verifier.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
    );
    // Up to eight go out at once: the order of arrival is not promised (nor by Standard Webhooks).
    expect(messages.map((m) => m.type).sort()).toEqual(['invoice.issued', 'invoice.paid', 'sponsorship.confirmed']);
    expect(messages.find((m) => m.type === 'invoice.paid')!.data).toMatchObject({
      invoice_id: invoice.id,
      number: invoice.number,
      sponsorship_id: guest.sponsorshipId,
    });
    // A body changed on the way does not verify.
    const paidMessage = hooks.received.find((r) => r.body.includes('"invoice.paid"'))!;
    expect(() =>
      verifier.verify(paidMessage.body.replace('invoice.paid', 'invoice.issued'), paidMessage.headers),
    ).toThrow();

    const log = await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, owner.token);
    expect(
      log.json<{ deliveries: WebhookDelivery[] }>().deliveries.map((d) => [d.event_type, d.status, d.last_status]),
    ).toEqual([
      ['invoice.paid', 'delivered', 204],
      ['invoice.issued', 'delivered', 204],
      ['sponsorship.confirmed', 'delivered', 204],
    ]);
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });

  it('tells of a sponsor’s message and of an overdue invoice (its first reminder), once each', async () => {
    const { endpoint, secret } = await create(owner, ['message.received', 'invoice.overdue']);
    const event = await eventWithPackage(t, owner, 'Hafenfest');
    const guest = await confirmedSponsorship(t, owner, event);
    const headers = guestHeaders(guest);
    const conversations = await t.app.inject({ method: 'GET', url: '/api/token/conversation', headers });
    const conversationId = conversations.json<Array<{ id: number }>>()[0]!.id;
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/token/conversation/${conversationId}/message`,
      headers,
      payload: { message: 'Wann kommt das Logo-Briefing?' },
    });
    expect(message.statusCode, message.body).toBe(201);
    const invoice = await issuedInvoice(t, owner, guest);
    t.clock.advance(15 * 24 * 60 * 60 * 1000); // a day past due
    [owner, other] = await Promise.all([signInAgain(t, owner), signInAgain(t, other)]);
    expect((await call('POST', `/api/invoices/${invoice.id}/remind`, owner.token)).statusCode).toBe(200);
    await drain();
    const messages = hooks.received.map(
      (r) => verifiedAt(new Webhook(secret), r) as { type: string; data: Record<string, unknown> },
    );
    expect(messages.map((m) => m.type).sort()).toEqual(['invoice.overdue', 'message.received']);
    expect(messages.find((m) => m.type === 'message.received')!.data).toMatchObject({
      conversation_id: conversationId,
      sponsor_email: guest.email.toLowerCase(),
    });
    expect(messages.find((m) => m.type === 'invoice.overdue')!.data).toMatchObject({
      invoice_id: invoice.id,
      open_cents: invoice.gross_cents,
    });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });

  it('tries a failing receiver again with the same id and a fresh signature, and logs its answers', async () => {
    const { endpoint, secret } = await create(owner, ['invoice.issued']);
    hooks.answer([503, 500, 204]);
    expect((await call('POST', `/api/webhooks/${endpoint.id}/test`, owner.token)).statusCode).toBe(202);
    await drain();
    const deliveries = async () =>
      (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, owner.token)).json<{
        deliveries: WebhookDelivery[];
      }>().deliveries;
    const [first] = await deliveries();
    expect(first).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 1,
      last_status: 503,
      last_response: 'not now',
    });
    // Not due before its pause: a run now sends nothing.
    await drain();
    expect(hooks.received).toHaveLength(1);
    t.clock.advance(6_000);
    await drain();
    t.clock.advance(301_000);
    await drain();
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204 });
    expect(new Set(hooks.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(hooks.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    const verifier = new Webhook(secret);
    for (const r of hooks.received) expect(verifiedAt(verifier, r)).toMatchObject({ type: 'webhook.test' });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const { endpoint, secret: old } = await create(owner, ['invoice.paid']);
    const rotated = await call('POST', `/api/webhooks/${endpoint.id}/rotate-secret`, owner.token);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh, endpoint: after } = rotated.json<WebhookWithSecret>();
    expect(fresh).not.toBe(old);
    expect(after.previous_secret_until).not.toBeNull();
    await call('POST', `/api/webhooks/${endpoint.id}/test`, owner.token);
    await drain();
    const [message] = hooks.received;
    expect(message!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifiedAt(new Webhook(old), message!)).toMatchObject({ type: 'webhook.test' });
    expect(verifiedAt(new Webhook(fresh), message!)).toMatchObject({ type: 'webhook.test' });
    // After the day only the new one signs.
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // A day later the access tokens ran out too.
    [owner, other] = await Promise.all([signInAgain(t, owner), signInAgain(t, other)]);
    await call('POST', `/api/webhooks/${endpoint.id}/test`, owner.token);
    await drain();
    const late = hooks.received[1]!;
    expect(late.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => verifiedAt(new Webhook(old), late)).toThrow(/signature/i);
    expect(verifiedAt(new Webhook(fresh), late)).toMatchObject({ type: 'webhook.test' });
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });

  it('follows no redirect: a 3xx is a failed attempt, logged with its status', async () => {
    const { endpoint } = await create(owner, ['invoice.paid']);
    hooks.answer([302]);
    await call('POST', `/api/webhooks/${endpoint.id}/test`, owner.token);
    await drain();
    const [delivery] = (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`, owner.token)).json<{
      deliveries: WebhookDelivery[];
    }>().deliveries;
    expect(delivery).toMatchObject({ status: 'pending', last_status: 302, attempts: 1 });
    expect(hooks.received).toHaveLength(1);
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });

  it('is the owner’s alone: a member is refused, another organisation does not find the endpoint', async () => {
    const { endpoint } = await create(owner, ['invoice.paid']);
    const member = await joinedMember(t, owner);
    expect((await call('GET', '/api/webhooks', member.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/webhooks', member.token, { url: hooks.url, event_types: ['invoice.paid'] })).statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${endpoint.id}`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await call(method, url, other.token, method === 'PATCH' ? { enabled: false } : undefined);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call('GET', '/api/webhooks', other.token)).json<{ endpoints: unknown[] }>().endpoints).toEqual([]);
    await call('DELETE', `/api/webhooks/${endpoint.id}`, owner.token);
  });
});

describe('webhooks to private addresses', () => {
  let t: IdentityTestApp;
  let owner: TestUser;
  const call = requester(() => t);
  beforeAll(async () => {
    t = await startIdentityApp('sqlite');
    owner = await billingOrganiser(t);
  });
  afterAll(() => t.close());

  it.each([
    'http://127.0.0.1:9/x',
    'http://localhost/x',
    'http://[::1]/x',
    'http://10.1.2.3/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[::ffff:192.168.0.1]/x',
    'http://100.64.0.1/x',
  ])('refuses %s unless the operator allows private addresses', async (url) => {
    const res = await call('POST', '/api/webhooks', owner.token, { url, event_types: ['invoice.paid'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'webhook.address-refused' });
  });

  it('refuses at sending time a name that resolves to a private address (the lookup the connection uses)', async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(RefusedAddressError);
    const allowed = await new Promise<Error | null>((resolve) =>
      guardedLookup(true)('localhost', {}, (e) => resolve(e)),
    );
    expect(allowed).toBeNull();
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2a00:1450:4001:80b::200e')).toBe(false);
  });
});
