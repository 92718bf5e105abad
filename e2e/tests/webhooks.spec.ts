// Signed webhooks (issue 61 point 2, decision 111) against the production build: the owner adds an
// endpoint for a receiver this spec runs on 127.0.0.1, copies the secret shown once, sends a test and
// sees it delivered in the log; a sponsorship confirmed meanwhile reaches the receiver signed so the
// Standard Webhooks library verifies it with that secret. German at 1280 px, English at 375 px, axe clean.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { confirmedSponsorship, createWorld, expectNoSideScroll } from '../support/world.ts';

const TEXT = {
  de: {
    tab: 'Webhooks',
    url: 'Adresse des Empfängers',
    description: 'Wofür er ist (optional)',
    confirmed: /Sponsoring bestätigt/,
    add: 'Webhook hinzufügen',
    secretTitle: 'Signatur-Geheimnis: jetzt kopieren',
    saved: 'Ich habe es gespeichert',
    test: 'Test senden',
    delivered: /zugestellt/,
  },
  en: {
    tab: 'Webhooks',
    url: 'Receiver address',
    description: 'What it is for (optional)',
    confirmed: /Sponsorship confirmed/,
    add: 'Add webhook',
    secretTitle: 'Signing secret: copy it now',
    saved: 'I have saved it',
    test: 'Send a test',
    delivered: /delivered/,
  },
} as const;

type Received = { headers: Record<string, string>; body: string };

async function receiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sponsoring`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const [language, width] of [
  ['de', 1280],
  ['en', 375],
] as const) {
  test(`the owner adds a webhook, tests it, and a confirmed sponsorship arrives signed (${language}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const hooks = await receiver();
    try {
      await page.setViewportSize({ width, height: 900 });
      const world = await createWorld(page, { language, benefits: [] });
      await page.goto('/dashboard/organizer/');
      await page.getByRole('link', { name: text.tab, exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/organizer\/webhooks$/);

      // The receiver is on 127.0.0.1, which this server's operator allows (playwright.config.ts); the
      // refusal of private addresses is tested in the API (webhooks.test.ts).
      await page.getByLabel(text.url).fill(hooks.url);
      await page.getByLabel(text.description).fill('CRM');
      await page.getByRole('checkbox', { name: text.confirmed }).check();
      await page.getByRole('button', { name: text.add }).click();

      const notice = page.getByRole('status').filter({ hasText: text.secretTitle });
      await expect(notice).toBeVisible();
      const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible(page, `webhooks with the secret shown (${language})`);
      await notice.getByRole('button', { name: text.saved }).click();
      await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

      const card = page.getByTestId('webhook-endpoint').filter({ hasText: hooks.url });
      await card.getByRole('button', { name: text.test }).click();
      await expect(card.getByTestId('webhook-delivery').first()).toContainText(text.delivered, { timeout: 20_000 });
      await expect(card.getByTestId('webhook-delivery').first()).toContainText('webhook.test');

      await confirmedSponsorship(page, world, { language });
      await expect.poll(() => hooks.received.length, { timeout: 20_000 }).toBe(2);
      const messages = hooks.received.map(
        (r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { event_id: number } },
      );
      expect(messages.map((m) => m.type)).toEqual(['webhook.test', 'sponsorship.confirmed']);
      expect(messages[1]!.data.event_id).toBe(world.event.id);

      await page.reload();
      await expect(page.getByTestId('webhook-recent')).toContainText('2');
      await expectNoSideScroll(page);
      await expectAccessible(page, `webhooks (${language})`);
      await page.screenshot({ path: test.info().outputPath(`webhooks-${language}-${width}.png`), fullPage: true });
    } finally {
      await hooks.close();
    }
  });
}
