// Asset specs and the print bundle (issue 59, points 3 and 4) against the production build: the
// organiser sets a file spec on the logo deliverable; the sponsor, on a 375 px phone through the
// invitation link, uploads a logo that is too small and is told why in their language, then a valid
// one, sees its proof on the banner mock-up (rendered on the server) and approves it; the organiser
// approves the round and downloads the print bundle, whose entries (with the variants) are read back.
// In German and in English, axe without serious findings on both screens.
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { makePdf } from '../support/pdf.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';

const TEXT = {
  de: {
    file: 'Datei zur Leistung',
    minWidth: 'Mindestbreite (px)',
    transparent: 'Transparenter Hintergrund',
    saveSpec: 'Anforderungen speichern',
    saved: 'Die Anforderungen sind gespeichert.',
    fileLabel: 'Datei',
    upload: 'Datei hochladen',
    tooSmall: 'Das Logo ist 300 × 120 px groß, verlangt sind mindestens 1000 px Breite.',
    uploaded: 'Die Datei ist hochgeladen und wartet auf die Freigabe.',
    approve: 'Runde 1 freigeben',
    approved: 'freigegeben',
    bundle: 'Druckpaket herunterladen (ZIP)',
    placement: 'Platzierung',
    approveProof: 'Korrekturabzug freigeben',
    proofApproved: 'Sie haben den Korrekturabzug freigegeben.',
    proofAlt: 'Korrekturabzug der Runde 1: das Logo auf dem Entwurf „Banner“',
  },
  en: {
    file: 'File for this deliverable',
    minWidth: 'Minimum width (px)',
    transparent: 'Transparent background',
    saveSpec: 'Save requirements',
    saved: 'The requirements are saved.',
    fileLabel: 'File',
    upload: 'Upload file',
    tooSmall: 'The logo is 300 × 120 px; a width of at least 1000 px is required.',
    uploaded: 'The file is uploaded and waits for approval.',
    approve: 'Approve round 1',
    approved: 'approved',
    bundle: 'Download print bundle (ZIP)',
    placement: 'Placement',
    approveProof: 'Approve proof',
    proofApproved: 'You approved the proof.',
    proofAlt: 'Proof of round 1: the logo on the Banner mock-up',
  },
} as const;

/** A PNG whose left half is transparent. */
function transparentPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 4 + 2] = 180;
    pixels[i * 4 + 3] = i % width < width / 2 ? 0 : 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

/** Invited with a one-logo package, chosen, signed and confirmed through the API. */
async function confirmedSponsorship(page: Page, accessToken: string, eventId: number) {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const pkg = await page.request.post(`/api/event/${eventId}/packages`, {
    headers: auth,
    data: {
      name: 'Gold',
      price_cents: 250_000,
      capacity: null,
      benefits: [{ title: 'Logo auf dem Banner', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true }],
    },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  const packageId = ((await pkg.json()) as { id: number }).id;
  const email = uniqueEmail('assets');
  const invited = await page.request.post('/api/sponsor-invitation', {
    headers: auth,
    data: { email, event_id: eventId, package_ids: [packageId] },
  });
  const { url, sponsorId } = (await invited.json()) as { url: string; sponsorId: number };
  const token = new URL(url).searchParams.get('token')!;
  const guest = { Authorization: `${token}:${email}` };
  expect(
    (
      await page.request.post(`/api/sponsorships/${sponsorId}/package`, {
        headers: guest,
        data: { package_id: packageId },
      })
    ).ok(),
  ).toBe(true);
  const upload = (await (
    await page.request.post(`/api/sponsorships/${sponsorId}/signed-agreement/upload-url`, {
      headers: guest,
      data: { file_name: 'signed.pdf' },
    })
  ).json()) as { url: string; key: string; s3_id: string };
  await page.request.put(upload.url, { headers: { 'Content-Type': 'application/pdf' }, data: makePdf('signed') });
  const attached = await page.request.put(`/api/sponsorships/${sponsorId}/signed-agreement`, {
    headers: guest,
    data: { s3_id: upload.s3_id, key: upload.key },
  });
  expect(attached.ok(), await attached.text()).toBe(true);
  const confirmed = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
    headers: auth,
    data: { status: 'confirmed' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const path = new URL(url);
  return { email, link: `${path.pathname}${path.search}`, guestAuth: `${token}:${email}`, sponsorId };
}

async function phone(browser: Browser, language: 'de' | 'en', link: string) {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width: 375, height: 800 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  await page.goto(link);
  return page;
}

for (const language of ['de', 'en'] as const) {
  test(`the organiser sets a file spec, the sponsor's too-small logo is refused on a phone, a valid one approved and bundled (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const organiser = await signInOnboardedUser(page, { language });
    const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
      title: `Stadtfest ${Date.now()}`,
      event_date: '2030-07-04',
      location: 'Marktplatz',
      description: 'Fest.',
    });
    const sponsor = await confirmedSponsorship(page, organiser.tokens.accessToken, event.id);

    // The organiser asks for a PNG at least 1000 px wide with a transparent background.
    await openEventArea(page, event.id, 'fulfilment');
    const row = page.getByTestId('deliverable-row').filter({ hasText: sponsor.email });
    await row.getByText(text.file).click();
    const asset = row.getByTestId('deliverable-asset');
    await asset.getByLabel('SVG', { exact: true }).uncheck();
    await asset.getByLabel(text.minWidth, { exact: true }).fill('1000');
    await asset.getByLabel(text.transparent, { exact: true }).check();
    await asset.getByLabel(text.placement).selectOption('banner');
    await asset.getByRole('button', { name: text.saveSpec }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expectAccessible(page, `asset spec (${language})`);

    // The sponsor, on a phone: too small first, told why; then a valid logo.
    const guest = await phone(browser, language, sponsor.link);
    await openFlowStep(guest, 'deliver');
    const mine = guest.getByTestId('deliverable-asset');
    const small = testInfo.outputPath('small.png');
    const valid = testInfo.outputPath('valid.png');
    fs.writeFileSync(small, await transparentPng(300, 120));
    fs.writeFileSync(valid, await transparentPng(1200, 400));
    await mine.getByLabel(text.fileLabel, { exact: true }).setInputFiles(small);
    await mine.getByRole('button', { name: text.upload }).click();
    await expect(mine.getByTestId('asset-refusal')).toHaveText(text.tooSmall);
    await expectAccessible(guest, `asset refusal (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`refused-${language}.png`), fullPage: true });
    await mine.getByLabel(text.fileLabel, { exact: true }).setInputFiles(valid);
    await mine.getByRole('button', { name: text.upload }).click();
    await expect(guest.getByText(text.uploaded)).toBeVisible();
    await expect(mine.getByTestId('asset-round')).toHaveCount(1);

    // The proof: the logo on the banner mock-up, rendered on the server; the sponsor approves it.
    const proof = mine.getByRole('img', { name: text.proofAlt });
    await expect(proof).toBeVisible();
    expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    expect((await proof.boundingBox())!.width).toBeLessThanOrEqual(375);
    await expectAccessible(guest, `asset proof (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`proof-${language}.png`), fullPage: true });
    const headers = { Authorization: sponsor.guestAuth };
    const list = await guest.request.get(`/api/sponsorships/${sponsor.sponsorId}/deliverables`, { headers });
    const deliverableId = ((await list.json()) as { deliverables: Array<{ id: number }> }).deliverables[0]!.id;
    const png = await guest.request.get(`/api/deliverables/${deliverableId}/asset/rounds/1/proof.png`, { headers });
    expect(png.headers()['content-type']).toBe('image/png');
    fs.writeFileSync(testInfo.outputPath(`proof-image-${language}.png`), await png.body());
    await mine.getByRole('button', { name: text.approveProof }).click();
    await expect(guest.getByText(text.proofApproved)).toBeVisible();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The organiser approves round 1 and downloads the bundle.
    await page.reload();
    await row.getByText(text.file).click();
    await row.getByRole('button', { name: text.approve }).click();
    await expect(row.getByTestId('asset-round')).toContainText(text.approved);
    await page.screenshot({ path: testInfo.outputPath(`approved-${language}.png`), fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.bundle }).click();
    const file = testInfo.outputPath('bundle.zip');
    await (await download).saveAs(file);
    const names = await zipNames(file);
    // The original, its PNG and PDF variants (decision 089), and the CSV.
    expect(names).toHaveLength(4);
    expect(names[0]).toMatch(/^gold-assets[a-z0-9-]*\.png$/);
    expect(names.slice(1, 3)).toEqual([`png/${names[0]}`, `pdf/${names[0]!.replace(/\.png$/, '.pdf')}`]);
    expect(names[3]).toBe('sponsors.csv');

    // The sponsor sees the approval.
    await guest.reload();
    await openFlowStep(guest, 'deliver');
    await expect(guest.getByTestId('asset-round')).toContainText(text.approved);
    await guest.context().close();
  });
}
