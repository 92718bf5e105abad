// The sponsor's path end to end against the production build: an organiser invites a sponsor to an
// event from its page; the sponsor opens the mailed link in a browser without an account, downloads
// the event's agreement, uploads the signed PDF; the organiser sees it on the event and downloads it.
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { listMails } from '../support/mailbox.ts';
import { makePdf } from '../support/pdf.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

async function waitForSponsorLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // Other mails reach the sponsor too (the chat's notice), so every one of theirs is searched.
    const link = (await listMails())
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .map((m) => m.text.match(/https?:\/\/\S+\/invite-sponsor\/\?\S+/)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No sponsor invitation mail to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('a sponsor without an account downloads the agreement and returns it signed; the organiser sees it', async ({
  browser,
  page,
}, testInfo) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const auth = { Authorization: `Bearer ${organiser.tokens.accessToken}` };
  const eventTitle = `Stadtlauf ${Date.now()}`;
  const eventBody = { title: eventTitle, event_date: '2030-05-10', location: 'Marktplatz', description: 'Lauf.' };
  const created = await page.request.post('/api/event/-1', { headers: auth, data: eventBody });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: number; organisation_id: number };
  const agreement = makePdf('Sponsorenvereinbarung');
  const upload = (await (
    await page.request.get(`/api/file/upload/${event.organisation_id}/${event.id}/Vereinbarung/pdf`, { headers: auth })
  ).json()) as { url: string; file: string; key: string; s3_id: string };
  expect(
    (await page.request.put(upload.url, { headers: { 'Content-Type': 'application/pdf' }, data: agreement })).ok(),
  ).toBe(true);
  const saved = await page.request.put(`/api/event/${event.id}`, {
    headers: auth,
    data: { ...eventBody, files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The organiser invites the sponsor from the event's page.
  await openEventArea(page, event.id, 'sponsors');
  await expect(page.getByText('Noch keine Sponsoren eingeladen.')).toBeVisible();
  const sponsorEmail = uniqueEmail('sponsor');
  await page.getByLabel('E-Mail des Sponsors').fill(sponsorEmail);
  await page.getByLabel('Betrag in EUR (optional)').fill('2500');
  await page.getByRole('button', { name: 'Einladen', exact: true }).click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();
  const sponsorRow = page.getByRole('table', { name: 'Sponsoren dieses Events' }).getByTestId('sponsor-row');
  await expect(sponsorRow).toContainText(sponsorEmail);
  await expect(sponsorRow).toContainText('Eingeladen');
  await expect(sponsorRow).toContainText('2.500,00 €');

  // The organiser writes to the sponsor before they look.
  const conversation = await page.request.post(`/api/conversation/${encodeURIComponent(sponsorEmail)}`, {
    headers: auth,
  });
  expect(conversation.ok(), await conversation.text()).toBe(true);
  const { id: conversationId } = (await conversation.json()) as { id: number };
  const welcome = await page.request.post(`/api/conversation/${conversationId}/message`, {
    headers: auth,
    data: { message: 'Willkommen an Bord!', type: 'text' },
  });
  expect(welcome.ok(), await welcome.text()).toBe(true);

  // The sponsor, in a browser without any session, follows the mailed link.
  const link = await waitForSponsorLink(sponsorEmail);
  const sponsorContext = await browser.newContext({ locale: 'de-DE' });
  const sponsor = await sponsorContext.newPage();
  await sponsor.goto(link);
  await expect(sponsor.getByText(eventTitle).first()).toBeVisible();
  await expect(sponsor.getByTestId('sponsor-unread-badge')).toHaveText('1');

  await openFlowStep(sponsor, 'sign');
  const downloading = sponsor.waitForEvent('download');
  await sponsor.getByRole('button', { name: 'Vereinbarung.pdf herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Vereinbarung.pdf');
  expect(Buffer.compare(await fs.readFile((await download.path())!), agreement)).toBe(0);

  const signed = makePdf('Unterschrieben');
  await sponsor.getByLabel('Unterschriebene PDF auswählen').setInputFiles({
    name: 'Vereinbarung unterschrieben.pdf',
    mimeType: 'application/pdf',
    buffer: signed,
  });
  await expect(sponsor.getByText('Die unterschriebene Vereinbarung wurde hochgeladen.')).toBeVisible();
  await expect(sponsor.getByTestId('signed-agreement')).toContainText('Vereinbarung unterschrieben.pdf');
  await sponsor.screenshot({ path: testInfo.outputPath('sponsor-steps.png'), fullPage: true });

  // A file that is not a PDF is refused in the browser, the signed copy stays.
  await sponsor.getByLabel('Unterschriebene PDF auswählen').setInputFiles({
    name: 'notiz.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a pdf'),
  });
  await expect(sponsor.getByText('Bitte wählen Sie eine PDF-Datei.')).toBeVisible();
  await expect(sponsor.getByTestId('signed-agreement')).toContainText('Vereinbarung unterschrieben.pdf');
  // The messages link opens the sponsor's chat with the same guest access.
  await sponsor.locator('main a[href*="/chats-sponsor/"]').click();
  await expect(sponsor).toHaveURL(/\/chats-sponsor\/\?/);
  await sponsor.getByRole('button', { name: /Sportverein Musterstadt/ }).click();
  await expect(sponsor.getByText('Willkommen an Bord!')).toBeVisible();
  await sponsorContext.close();

  // The organiser sees where the sponsor stands and downloads the signed copy.
  await page.reload();
  await expect(sponsorRow).toContainText('Unterschrieben eingereicht');
  const panel = await openSponsorship(page, event.id, sponsorEmail);
  const fromOrganiser = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Vereinbarung unterschrieben.pdf herunterladen' }).click();
  const signedDownload = await fromOrganiser;
  expect(Buffer.compare(await fs.readFile((await signedDownload.path())!), signed)).toBe(0);
});
