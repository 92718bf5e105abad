// Asset specs and the print bundle (issue 59, points 3 and 4) against the production build: the
// organiser sets a file spec on the logo deliverable; the sponsor, on a 375 px phone through the
// invitation link, is refused a social-media text over the spec's five words, uploads a logo that is
// too small and is told why in their language, then a valid one, sees its proof on the banner mock-up
// (rendered on the server), is refused a monochrome variant in colour, gives a grey one and approves
// the proof; the organiser approves the round and downloads the print bundle, whose entries (with the
// variants) are read back.
// In German and in English, axe without serious findings on both screens.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import { confirmedSponsorship, createWorld, openPhone } from '../support/world.ts';

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
    monochrome: 'Einfarbige Variante als zweite Datei',
    monoNeeded: 'Bitte laden Sie zuerst die einfarbige Variante hoch.',
    monoFile: 'Einfarbige Variante (Schwarz, Weiß oder Grau)',
    monoUpload: 'Einfarbige Variante hochladen',
    monoColour:
      'Die einfarbige Variante enthält Farben. Bitte laden Sie eine Fassung nur in Schwarz, Weiß oder Grau hoch.',
    monoDone: 'Die einfarbige Variante ist hochgeladen.',
    textMax: 'Text: höchstens',
    textUnit: 'Gezählt in',
    socialText: 'Text für Social Media',
    saveText: 'Speichern',
    textAsked: 'Text mit höchstens 5 Wörtern',
    tooLong: 'Der Text hat 7 Wörter; erlaubt sind höchstens 5.',
    textSaved: 'Gespeichert.',
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
    monochrome: 'Monochrome variant as a second file',
    monoNeeded: 'Please upload the monochrome variant first.',
    monoFile: 'Monochrome variant (black, white or grey)',
    monoUpload: 'Upload monochrome variant',
    monoColour: 'The monochrome variant has colours; please upload a version in black, white or grey only.',
    monoDone: 'The monochrome variant is uploaded.',
    textMax: 'Text: at most',
    textUnit: 'Counted in',
    socialText: 'Text for social media',
    saveText: 'Save',
    textAsked: 'text of at most 5 words',
    tooLong: 'The text has 7 words; at most 5 are allowed.',
    textSaved: 'Saved.',
  },
} as const;

/** A PNG whose left half is transparent, the right half in `rgb` (blue unless told). */
function transparentPng(width: number, height: number, rgb: [number, number, number] = [0, 0, 180]): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels.set(rgb, i * 4);
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

for (const language of ['de', 'en'] as const) {
  test(`the organiser sets a file spec, the sponsor's too-small logo is refused on a phone, a valid one approved and bundled (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const world = await createWorld(page, {
      language,
      event: { title: `Stadtfest ${Date.now()}`, location: 'Marktplatz' },
      benefits: [
        { title: 'Logo auf dem Banner', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
        { title: 'Social-Media-Text', kind: 'social', due_date: '2030-05-01', sponsor_delivers: true },
      ],
    });
    const event = world.event;
    const sponsor = await confirmedSponsorship(page, world, { prefix: 'assets' });

    // The organiser asks for a PNG at least 1000 px wide with a transparent background and a monochrome
    // variant, and limits the social-media text to five words.
    await openEventArea(page, event.id, 'fulfilment');
    const rows = page.getByTestId('deliverable-row').filter({ hasText: sponsor.email });
    const row = rows.filter({ hasText: 'Logo auf dem Banner' });
    await row.getByText(text.file).click();
    const asset = row.getByTestId('deliverable-asset');
    await asset.getByLabel('SVG', { exact: true }).uncheck();
    await asset.getByLabel(text.minWidth, { exact: true }).fill('1000');
    await asset.getByLabel(text.transparent, { exact: true }).check();
    await asset.getByLabel(text.monochrome, { exact: true }).check();
    await asset.getByLabel(text.placement).selectOption('banner');
    await asset.getByRole('button', { name: text.saveSpec }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expectAccessible(page, `asset spec (${language})`);
    const social = rows.filter({ hasText: 'Social-Media-Text' });
    await social.getByText(text.file).click();
    const textSpec = social.getByTestId('deliverable-asset');
    await textSpec.getByLabel('PNG', { exact: true }).uncheck();
    await textSpec.getByLabel('SVG', { exact: true }).uncheck();
    await textSpec.getByLabel(text.textMax).fill('5');
    await textSpec.getByLabel(text.textUnit).selectOption('words');
    await textSpec.getByRole('button', { name: text.saveSpec }).click();
    await expect(page.getByText(text.saved).first()).toBeVisible();

    // The sponsor, on a phone: seven words where five are allowed are refused, five are kept.
    const guest = await openPhone(browser, language, sponsor.link);
    await openFlowStep(guest, 'deliver');
    const socialCard = guest.getByTestId('sponsor-deliverable').filter({ hasText: 'Social-Media-Text' });
    await expect(socialCard).toContainText(text.textAsked);
    await socialCard.getByLabel(text.socialText).fill('Wir feiern mit euch das Stadtfest heute');
    await socialCard.getByRole('button', { name: text.saveText, exact: true }).click();
    await expect(socialCard.getByTestId('input-refusal')).toHaveText(text.tooLong);
    await expect(socialCard.getByLabel(text.socialText)).toHaveValue('Wir feiern mit euch das Stadtfest heute');
    await expectAccessible(guest, `text limit refusal (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`text-refused-${language}.png`), fullPage: true });
    await socialCard.getByLabel(text.socialText).fill('Wir feiern das Stadtfest heute');
    await socialCard.getByRole('button', { name: text.saveText, exact: true }).click();
    await expect(guest.getByText(text.textSaved, { exact: true })).toBeVisible();
    await expect(socialCard.getByTestId('input-refusal')).toHaveCount(0);

    // The logo: too small first, told why; then a valid one.
    const mine = guest
      .getByTestId('sponsor-deliverable')
      .filter({ hasText: 'Logo auf dem Banner' })
      .getByTestId('deliverable-asset');
    const small = testInfo.outputPath('small.png');
    const valid = testInfo.outputPath('valid.png');
    const colourMono = testInfo.outputPath('colour-mono.png');
    const greyMono = testInfo.outputPath('grey-mono.png');
    fs.writeFileSync(small, await transparentPng(300, 120));
    fs.writeFileSync(valid, await transparentPng(1200, 400));
    fs.writeFileSync(colourMono, await transparentPng(1200, 400, [200, 40, 40]));
    fs.writeFileSync(greyMono, await transparentPng(1200, 400, [70, 70, 70]));
    await mine.getByLabel(text.fileLabel, { exact: true }).setInputFiles(small);
    await mine.getByRole('button', { name: text.upload }).click();
    await expect(mine.getByTestId('asset-refusal')).toHaveText(text.tooSmall);
    await expectAccessible(guest, `asset refusal (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`refused-${language}.png`), fullPage: true });
    await mine.getByLabel(text.fileLabel, { exact: true }).setInputFiles(valid);
    await mine.getByRole('button', { name: text.upload }).click();
    await expect(guest.getByText(text.uploaded)).toBeVisible();
    await expect(mine.getByTestId('asset-round')).toHaveCount(1);

    // The proof: the logo on the banner mock-up, rendered on the server.
    const proof = mine.getByRole('img', { name: text.proofAlt });
    await expect(proof).toBeVisible();
    expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    expect((await proof.boundingBox())!.width).toBeLessThanOrEqual(375);
    await expectAccessible(guest, `asset proof (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`proof-${language}.png`), fullPage: true });
    const headers = { Authorization: sponsor.authorization };
    const list = await guest.request.get(`/api/sponsorships/${sponsor.sponsorId}/deliverables`, { headers });
    const deliverableId = (
      (await list.json()) as { deliverables: Array<{ id: number; kind: string }> }
    ).deliverables.find((d) => d.kind === 'logo')!.id;
    const png = await guest.request.get(`/api/deliverables/${deliverableId}/asset/rounds/1/proof.png`, { headers });
    expect(png.headers()['content-type']).toBe('image/png');
    fs.writeFileSync(testInfo.outputPath(`proof-image-${language}.png`), await png.body());

    // The monochrome variant first: approving waits for it, one in colour is refused, a grey one kept.
    await expect(mine.getByText(text.monoNeeded)).toBeVisible();
    await expect(mine.getByRole('button', { name: text.approveProof })).toBeDisabled();
    await mine.getByLabel(text.monoFile).setInputFiles(colourMono);
    await mine.getByRole('button', { name: text.monoUpload }).click();
    await expect(mine.getByTestId('monochrome-refusal')).toHaveText(text.monoColour);
    await expectAccessible(guest, `monochrome refusal (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`mono-refused-${language}.png`), fullPage: true });
    await mine.getByLabel(text.monoFile).setInputFiles(greyMono);
    await mine.getByRole('button', { name: text.monoUpload }).click();
    await expect(guest.getByText(text.monoDone)).toBeVisible();
    await expect(mine.getByText(text.monoNeeded)).toHaveCount(0);
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
    // The original, its PNG and PDF variants (decision 089), the monochrome variant, and the CSV.
    expect(names).toHaveLength(5);
    expect(names[0]).toMatch(/^gold-assets[a-z0-9-]*\.png$/);
    expect(names.slice(1, 4)).toEqual([
      `png/${names[0]}`,
      `pdf/${names[0]!.replace(/\.png$/, '.pdf')}`,
      `mono/${names[0]}`,
    ]);
    expect(names[4]).toBe('sponsors.csv');

    // The sponsor sees the approval.
    await guest.reload();
    await openFlowStep(guest, 'deliver');
    await expect(mine.getByTestId('asset-round')).toContainText(text.approved);
    await guest.context().close();
  });
}
