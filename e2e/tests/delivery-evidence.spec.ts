// Proof of delivery (issue 60, point 1) against the production build: the organisation's team, on a
// 375 px phone, attaches a photo straight from the camera (a file input with `capture`) to a
// deliverable; the sponsor opens their link on their phone, sees the photo at once, gives a thumbs up
// and a comment, and sees the team's next piece arrive without a reload; the organiser, at 1280 px,
// sees the reaction and the comment. The stored photo carries no EXIF (the GPS case
// with a real camera-style file is proven in apps/api's evidence.test.ts). In German and in English,
// axe without serious findings on every screen.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import { confirmedSponsorship, createWorld, expectNoSideScroll, openPhone } from '../support/world.ts';

const TEXT = {
  de: {
    evidence: 'Nachweise',
    photo: 'Foto aufnehmen oder auswählen',
    caption: 'Bildunterschrift (optional)',
    add: 'Hinzufügen',
    added: 'Nachweis hinzugefügt. Der Sponsor sieht ihn jetzt.',
    thumbsUp: 'Daumen hoch',
    given: 'Sie haben Daumen hoch gegeben',
    comment: 'Diesen Nachweis kommentieren',
    send: 'Senden',
    sponsorLikes: 'Der Sponsor hat Daumen hoch gegeben',
    noFile: 'Bitte wählen Sie zuerst ein Bild aus oder nehmen Sie eines auf.',
  },
  en: {
    evidence: 'Proof of delivery',
    photo: 'Take or choose a photo',
    caption: 'Caption (optional)',
    add: 'Add',
    added: 'Proof added. The sponsor sees it now.',
    thumbsUp: 'Thumbs up',
    given: 'You gave a thumbs up',
    comment: 'Comment on this proof',
    send: 'Send',
    sponsorLikes: 'The sponsor gave a thumbs up',
    noFile: 'Please choose or take a picture first.',
  },
} as const;

/** A camera-like JPEG (4:3, with EXIF naming the camera's owner) as a phone's camera hands it over. */
function cameraPhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = 30 + (x % 200);
    pixels[i + 1] = 90;
    pixels[i + 2] = 160;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'Phone', Artist: 'Anna Privat' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function openEvidence(page: Page, email: string, title: string, label: string) {
  const row = page.getByTestId('deliverable-row').filter({ hasText: email }).filter({ hasText: title });
  await row.getByTestId('evidence-details').getByText(label, { exact: true }).click();
  return row.getByTestId('deliverable-evidence');
}

for (const language of ['de', 'en'] as const) {
  test(`the team attaches a phone photo, the sponsor sees it from the link and reacts, the organiser sees the reaction (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    const title = 'Banner am Eingang';
    const world = await createWorld(page, {
      language,
      event: { title: `Hafenfest ${Date.now()}` },
      benefits: [{ title, kind: 'booth', due_date: '2030-07-04', sponsor_delivers: false }],
    });
    const sponsor = await confirmedSponsorship(page, world, { prefix: 'evidence' });
    const photo = testInfo.outputPath('camera.jpg');
    fs.writeFileSync(photo, await cameraPhoto());

    // The team member on a phone: the photo input opens the camera; without a file, they are told.
    await page.setViewportSize({ width: 375, height: 800 });
    await openEventArea(page, world.event.id, 'fulfilment');
    const team = await openEvidence(page, sponsor.email, title, text.evidence);
    const file = team.getByLabel(text.photo);
    await expect(file).toHaveAttribute('accept', 'image/*');
    await expect(file).toHaveAttribute('capture', 'environment');
    await team.getByRole('button', { name: text.add, exact: true }).click();
    await expect(team.getByRole('alert')).toHaveText(text.noFile);
    await file.setInputFiles(photo);
    await team.getByLabel(text.caption).fill('Banner hängt am Haupteingang');
    await team.getByRole('button', { name: text.add, exact: true }).click();
    await expect(page.getByText(text.added)).toBeVisible();
    const teamPicture = team.getByTestId('evidence-picture');
    await expect(teamPicture).toBeVisible();
    // The thumbnail: re-encoded to at most 480 px, fitted to the phone.
    expect(await teamPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect((await teamPicture.boundingBox())!.width).toBeLessThanOrEqual(375);
    await expectNoSideScroll(page);
    await expectAccessible(page, `evidence added by the team at 375 px (${language})`);
    await page.screenshot({ path: testInfo.outputPath(`team-375-${language}.png`), fullPage: true });

    // The stored picture has no EXIF left (the upload had some).
    const list = await page.request.get(`/api/sponsorships/${sponsor.sponsorId}/evidence`, { headers: world.auth });
    const [piece] = ((await list.json()) as { evidence: Array<{ id: number; deliverable_id: number }> }).evidence;
    const stored = await page.request.get(`/api/deliverables/${piece!.deliverable_id}/evidence/${piece!.id}/image`, {
      headers: world.auth,
    });
    const meta = await sharp(await stored.body()).metadata();
    expect([meta.format, meta.exif, meta.width]).toEqual(['jpeg', undefined, 1600]);

    // The sponsor on their phone, from the link: the photo is there; a thumbs up and a comment.
    const guest = await openPhone(browser, language, sponsor.link);
    await openFlowStep(guest, 'deliver');
    const card = guest.getByTestId('sponsor-deliverable').filter({ hasText: title });
    const evidence = card.getByTestId('deliverable-evidence');
    await expect(evidence.getByTestId('evidence-picture')).toBeVisible();
    await expect(evidence).toContainText('Banner hängt am Haupteingang');
    await evidence.getByRole('button', { name: text.thumbsUp }).click();
    await expect(evidence.getByRole('button', { name: text.given })).toHaveAttribute('aria-pressed', 'true');
    await evidence.getByLabel(text.comment).fill('Sieht großartig aus!');
    await evidence.getByRole('button', { name: text.send, exact: true }).click();
    await expect(evidence.getByTestId('evidence-comment')).toContainText('Sieht großartig aus!');
    // Another piece from the team reaches the open page at once, without a reload (the live stream).
    const note = await page.request.post(`/api/deliverables/${piece!.deliverable_id}/evidence`, {
      headers: world.auth,
      data: { kind: 'note', note: 'Auch im Programmheft abgedruckt' },
    });
    expect(note.ok(), await note.text()).toBe(true);
    await expect(evidence.getByTestId('evidence-item')).toHaveCount(2);
    await expect(evidence).toContainText('Auch im Programmheft abgedruckt');
    await expectNoSideScroll(guest);
    await expectAccessible(guest, `evidence seen by the sponsor at 375 px (${language})`);
    await guest.screenshot({ path: testInfo.outputPath(`sponsor-375-${language}.png`), fullPage: true });

    // The organiser at 1280 px sees the reaction and the comment.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openEventArea(page, world.event.id, 'fulfilment');
    const seen = (await openEvidence(page, sponsor.email, title, text.evidence))
      .getByTestId('evidence-item')
      .filter({ hasText: 'Banner hängt am Haupteingang' });
    await expect(seen.getByTestId('evidence-reaction')).toHaveText(text.sponsorLikes);
    await expect(seen.getByTestId('evidence-comment')).toContainText('Sieht großartig aus!');
    await expect(seen.getByTestId('evidence-comment')).toContainText(sponsor.email);
    await expectAccessible(page, `reaction seen by the organiser at 1280 px (${language})`);
    await page.screenshot({ path: testInfo.outputPath(`organiser-1280-${language}.png`), fullPage: true });
    await guest.context().close();
  });
}
