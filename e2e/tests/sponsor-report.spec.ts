// The sealed sponsor report (issue 60 point 3, decision 108) against the production build: after a
// confirmed sponsorship with one benefit delivered, the sponsor downloads the report from the
// invitation link on a 375 px phone and the organiser from the sponsorship's panel at 1280 px; both
// get the same sealed file in the sponsorship's language, which pdfsig validates; the organiser mails
// it to the sponsor; the public verification page finds it and, with one byte changed, does not.
// German and English, axe without serious findings.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openSponsorship } from '../support/event-workspace.ts';
import { listMails } from '../support/mailbox.ts';
import { pdfText } from '../support/pdf.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import { confirmedSponsorship, createWorld, expectNoSideScroll, openPhone } from '../support/world.ts';

const TEXT = {
  de: {
    card: 'Sponsoring-Report',
    download: 'Report herunterladen (PDF)',
    send: 'Report jetzt an den Sponsor senden',
    sent: 'Der Report wurde an',
    file: (id: number) => `sponsoring-report-${id}.pdf`,
    inPdf: ['Sponsoring-Report', 'Leistungen im Einzelnen', 'Erbracht', 'Offen', 'Unterzeichnete Vereinbarung'],
    subject: 'Ihr Sponsoring-Report zu',
    verifyChoose: 'PDF auswählen',
    found: 'ist ein von der Plattform versiegelter Sponsoring-Report',
  },
  en: {
    card: 'Sponsor report',
    download: 'Download the report (PDF)',
    send: 'Send the report to the sponsor now',
    sent: 'The report was sent to',
    file: (id: number) => `sponsor-report-${id}.pdf`,
    inPdf: ['Sponsor report', 'Benefits in detail', 'Delivered', 'Open', 'Signed agreement'],
    subject: 'Your sponsor report for',
    verifyChoose: 'Choose PDF',
    found: 'is a sponsor report sealed by the platform',
  },
} as const;

async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

function pdfsig(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-report-')), 'report.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

function textOf(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-report-')), 'report.pdf');
  fs.writeFileSync(file, bytes);
  return pdfText(file);
}

for (const language of ['de', 'en'] as const) {
  test(`the sponsor downloads the sealed report from the link on a phone, the organiser from the panel; the verification page finds it (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `Hafenfest ${Date.now()}`;
    const world = await createWorld(page, {
      language,
      event: { title, description: 'Fest am Hafen.' },
      benefits: [
        { title: 'Logo auf der Bühne', kind: 'logo', due_date: '2030-06-30', sponsor_delivers: false },
        { title: 'Stand im Foyer', kind: 'booth', due_date: '2030-07-01', sponsor_delivers: false },
      ],
    });
    const sponsor = await confirmedSponsorship(page, world, { prefix: 'report', language });
    const deliverables = (await (
      await page.request.get(`/api/sponsorships/${sponsor.sponsorId}/deliverables`, { headers: world.auth })
    ).json()) as { deliverables: Array<{ id: number; title: string }> };
    const stage = deliverables.deliverables.find((d) => d.title === 'Logo auf der Bühne')!;
    const done = await page.request.patch(`/api/deliverables/${stage.id}`, {
      headers: world.auth,
      data: { status: 'done' },
    });
    expect(done.ok(), await done.text()).toBe(true);

    // The sponsor, from the invitation link on a phone.
    const guest = await openPhone(browser, language, sponsor.link);
    const step = await openFlowStep(guest, 'deliver');
    const card = step.getByRole('region', { name: text.card });
    await card.scrollIntoViewIfNeeded();
    const fromSponsor = await downloaded(guest, () => card.getByRole('button', { name: text.download }).click());
    expect(fromSponsor.name).toBe(text.file(sponsor.sponsorId));
    const signature = pdfsig(fromSponsor.bytes);
    expect(signature).toContain('Signature is Valid');
    expect(signature).toContain('ETSI.CAdES.detached');
    const inside = textOf(fromSponsor.bytes);
    for (const expected of [...text.inPdf, title, 'Logo auf der Bühne', 'Stand im Foyer'])
      expect(inside).toContain(expected);
    await expect(card.getByTestId('sponsor-report-sealed')).toBeVisible();
    await expectNoSideScroll(guest);
    await expectAccessible(guest, `sponsor report card ${language}`);
    await card.screenshot({ path: test.info().outputPath(`sponsor-report-375-${language}.png`) });

    // The organiser, in the sponsorship's panel at 1280 px: the same sealed file (same data), then sent.
    await openSponsorship(page, world.event.id, sponsor.email);
    const organiserCard = page.getByRole('dialog').getByRole('region', { name: text.card });
    await organiserCard.scrollIntoViewIfNeeded();
    const fromOrganiser = await downloaded(page, () =>
      organiserCard.getByRole('button', { name: text.download }).click(),
    );
    expect(fromOrganiser.bytes.equals(fromSponsor.bytes)).toBe(true);
    await organiserCard.getByRole('button', { name: text.send }).click();
    await expect(page.getByText(text.sent)).toBeVisible();
    await expect(async () => {
      const mail = (await listMails()).find((m) => m.to === sponsor.email && m.subject.startsWith(text.subject));
      expect(mail?.subject).toContain(title);
    }).toPass({ timeout: 15_000 });
    await expectAccessible(page, `organiser report card ${language}`);
    await organiserCard.screenshot({ path: test.info().outputPath(`organiser-report-1280-${language}.png`) });

    // Anyone checks it on the public verification page; one changed byte is not found.
    await guest.goto('/verify-agreement/');
    await guest.getByLabel(text.verifyChoose).setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: fromSponsor.bytes,
    });
    const result = guest.getByTestId('verify-result');
    await expect(result).toHaveAttribute('data-found', 'true');
    await expect(result).toHaveAttribute('data-document', 'sponsor_report');
    await expect(result).toContainText(text.found);
    await expect(result).not.toContainText(sponsor.email);
    await expectAccessible(guest, `verification of a report ${language}`);
    await guest.screenshot({ path: test.info().outputPath(`verify-report-375-${language}.png`), fullPage: true });
    const changed = Buffer.from(fromSponsor.bytes);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    await guest.getByLabel(text.verifyChoose).setInputFiles({
      name: 'changed.pdf',
      mimeType: 'application/pdf',
      buffer: changed,
    });
    await expect(result).toHaveAttribute('data-found', 'false');
    await guest.context().close();
  });
}
