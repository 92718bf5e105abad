// Issue 59's "done when" as one chain against the production build: an organiser with 40 sponsorships
// (seeded through the API) sees the readiness board, chases everyone waiting for the logo in one action
// (one mail per sponsor in their language, listing what is missing, with their own link); a sponsor
// opens that link on a 375 px phone, approves the proof of their logo and names two people; the
// organiser downloads the print bundle (the ZIP opened: names and CSV); at the door (375 px) both are
// checked in by the camera (Chromium's fake camera playing a video of each ticket's QR code); the
// venue marks the sponsor's parcel received from its link and the sponsor sees it without reloading;
// the organisation's and the sponsor's calendar feeds parse with ical.js. axe on every screen.
// German runs the whole chain (organiser at 1280 px, the board also at 375 px); English repeats the
// screens at 375 px with four sponsorships and without the bundle (its names and CSV are the same in
// both languages, and asset-proofs.spec.ts downloads it in English). Only the steps the issue names go
// through the UI; the rest (upload, organiser's approval, parcel announcement, links) is API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import QRCode from 'qrcode';
import yauzl from 'yauzl';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { listMails, type OutboxMail } from '../support/mailbox.ts';
import { makePng } from '../support/png.ts';
import { uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import {
  confirmedSponsorships,
  createWorld,
  expectNoSideScroll,
  openPhone,
  type Language,
  type Sponsor,
} from '../support/world.ts';

// The door's camera: Chromium plays this file as its (only) camera; written before each start.
const CAMERA = path.join(os.tmpdir(), `sp-e2e-door-camera-${process.pid}.y4m`);

/** A Y4M video (two frames) of `text`'s QR code, black on white, for Chromium's fake camera. */
function filmQr(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const margin = 4;
  const side = (qr.modules.size + margin * 2) * scale;
  const luma = Buffer.alloc(side * side, 255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - margin;
      const col = Math.floor(x / scale) - margin;
      const inside = row >= 0 && col >= 0 && row < qr.modules.size && col < qr.modules.size;
      if (inside && qr.modules.get(row, col)) luma[y * side + x] = 0;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${side} H${side} F5:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(CAMERA, Buffer.concat([header, frame, frame]));
}
// Only in the worker that runs the tests (the runner loads this file too, to list them).
if (process.env.TEST_WORKER_INDEX !== undefined) filmQr('no ticket yet');
test.afterAll(() => fs.rmSync(CAMERA, { force: true }));

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
  },
});

const TEXT = {
  de: {
    board: 'Bereitschaft',
    caption: 'Bereitschaft der Sponsoren',
    counts: 'Anzahl je Zustand',
    waiting: 'Wartet auf Sponsor',
    chaseColumn: (n: number) => `${n} erinnern`,
    chaseAll: 'Alle erinnern, auf die wir warten',
    send: (n: number) => `${n} E-Mails senden`,
    subject: (title: string) => `Noch offen für ${title}`,
    logoLine: 'Logo (fällig am 2030-05-01)',
    proofAlt: 'Korrekturabzug der Runde 1: das Logo auf dem Entwurf „Banner“',
    approveProof: 'Korrekturabzug freigeben',
    proofApproved: 'Sie haben diesen Korrekturabzug freigegeben',
    tickets: 'Tickets: wer kommt',
    email: 'E-Mail-Adresse',
    add: 'Person benennen',
    seats: '2 von 2 Plätzen benannt.',
    ticketSubject: 'Ihr Ticket für',
    bundle: 'Druckpaket herunterladen (ZIP)',
    startCamera: 'Kamera starten',
    stopCamera: 'Kamera beenden',
    admitted: 'Eingelassen',
    markReceived: 'Als angekommen markieren',
    confirmReceipt: 'Empfang bestätigen',
    feedDue: 'Fällig: Logo',
    feedTickets: 'Namen für Ihre Tickets nennen',
  },
  en: {
    board: 'Readiness',
    caption: "Sponsors' readiness",
    counts: 'Count per state',
    waiting: 'Waiting for sponsor',
    chaseColumn: (n: number) => `Chase ${n}`,
    chaseAll: 'Chase everyone we are waiting for',
    send: (n: number) => `Send ${n} e-mails`,
    subject: (title: string) => `Still open for ${title}`,
    logoLine: 'Logo (due 2030-05-01)',
    proofAlt: 'Proof of round 1: the logo on the Banner mock-up',
    approveProof: 'Approve proof',
    proofApproved: 'You approved this proof',
    tickets: 'Tickets: who is coming',
    email: 'E-mail address',
    add: 'Name person',
    seats: '2 of 2 seats named.',
    ticketSubject: 'Your ticket for',
    bundle: 'Download print bundle (ZIP)',
    startCamera: 'Start camera',
    stopCamera: 'Stop camera',
    admitted: 'Admitted',
    markReceived: 'Mark received',
    confirmReceipt: 'Confirm receipt',
    feedDue: 'Due: Logo',
    feedTickets: 'Name your ticket holders',
  },
} as const;

const other = (language: Language): Language => (language === 'de' ? 'en' : 'de');

/** Waits until every address has a mail whose subject matches, and answers them per address. */
async function mailsTo(addresses: string[], subject: (language: Language) => string, languages: Language[]) {
  let found = new Map<string, OutboxMail[]>();
  await expect(async () => {
    const mails = await listMails();
    found = new Map(
      addresses.map((to, i) => [
        to,
        mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject === subject(languages[i]!)),
      ]),
    );
    expect([...found.values()].filter((list) => list.length === 0)).toHaveLength(0);
  }).toPass({ timeout: 45_000 });
  return found;
}

/** The entries of a ZIP file, with the text of the CSV. */
function readZip(file: string): Promise<{ names: string[]; csv: string }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      let csv = '';
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (!entry.fileName.endsWith('.csv')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            csv = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ names, csv }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A feed fetched without credentials and parsed by ical.js: its entries' summaries, start days and UIDs. */
async function parseFeed(page: Page, url: string) {
  const res = await page.request.get(new URL(url).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return { summary: event.summary, day: event.startDate.toString().slice(0, 10), uid: event.uid };
  });
}

/** A sponsor's entry in the board's list at 375 px (the one with a checkbox to select it). */
const sponsorItem = (page: Page, email: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasText: email });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const RUNS = [
  { language: 'de', sponsors: 40, full: true },
  { language: 'en', sponsors: 4, full: false },
] as const;

for (const run of RUNS) {
  const { language } = run;
  test(`the week before the event: board, chase, proof, bundle, tickets at the door, parcel, feed (${language})`, async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(run.full ? 300_000 : 180_000);
    const text = TEXT[language];
    await page.setViewportSize(run.full ? { width: 1280, height: 900 } : { width: 375, height: 800 });
    const title = `Messe ${language} ${Date.now()}`;
    const world = await createWorld(page, {
      language,
      event: { title, location: 'Messehalle' },
      benefits: [
        { title: 'Logo', kind: 'logo', due_date: '2030-05-01', sponsor_delivers: true },
        { title: 'Tickets', kind: 'tickets', due_date: '2030-06-30', sponsor_delivers: true, quantity: 2 },
        { title: 'Messestand', kind: 'booth', due_date: '2030-06-30', sponsor_delivers: true },
      ],
    });
    // Every fifth sponsor speaks the other language; the first (who goes through the chain) the run's.
    const languageOf = (i: number): Language => (i % 5 === 4 ? other(language) : language);
    const sponsors: Sponsor[] = await confirmedSponsorships(page, world, run.sponsors, (i) => ({
      prefix: `chain${i}`,
      language: languageOf(i),
    }));
    const star = sponsors[0]!;
    const asStar = { Authorization: star.authorization };
    const list = await page.request.get(`/api/sponsorships/${star.sponsorId}/deliverables`, { headers: asStar });
    const logoId = ((await list.json()) as { deliverables: Array<{ id: number; kind: string }> }).deliverables.find(
      (d) => d.kind === 'logo',
    )!.id;
    const spec = await page.request.put(`/api/deliverables/${logoId}/asset-spec`, {
      headers: world.auth,
      data: {
        spec: {
          placement: 'banner',
          file_types: ['png'],
          min_width: 600,
          min_height: null,
          transparent: false,
          vector: false,
          alt_text_required: false,
        },
      },
    });
    expect(spec.ok(), await spec.text()).toBe(true);

    // The board: one row per sponsorship, everyone waiting for the logo.
    await page.goto(`/edit-event/${world.event.id}/readiness`);
    await expect(page.getByRole('heading', { level: 1, name: text.board })).toBeVisible();
    await expect(page.getByRole('list', { name: text.counts })).toContainText(text.waiting);
    if (run.full) {
      const table = page.getByRole('table', { name: text.caption });
      await expect(table.getByRole('rowheader')).toHaveCount(run.sponsors);
      await expectAccessible(page, `board ${language}`);
      await shot(page, `board-1280-${language}`);
      // Everyone waiting for the logo, in one action from the logo column's header.
      await table
        .getByRole('columnheader', { name: /Logo/ })
        .getByRole('button', { name: text.chaseColumn(run.sponsors) })
        .click();
    } else {
      for (const s of sponsors) await expect(sponsorItem(page, s.email)).toBeVisible();
      await expectNoSideScroll(page);
      await expectAccessible(page, `board ${language}`);
      await shot(page, `board-375-${language}`);
      // At 375 px the columns are a list per sponsor: the one action chases everything they owe.
      await page.getByRole('button', { name: text.chaseAll }).click();
    }
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(star.email)).toBeVisible();
    await expectAccessible(page, `chase preview ${language}`);
    await shot(page, `chase-${language}`);
    await dialog.getByRole('button', { name: text.send(run.sponsors) }).click();
    await expect(dialog).toBeHidden();

    // One mail per sponsor, in their language, listing what is missing, with their own link.
    const languages = sponsors.map((_, i) => languageOf(i));
    const chasers = await mailsTo(
      sponsors.map((s) => s.email),
      (l) => TEXT[l].subject(title),
      languages,
    );
    const tokens = new Set<string>();
    sponsors.forEach((s, i) => {
      const mails = chasers.get(s.email)!;
      expect(mails, s.email).toHaveLength(1);
      const body = mails[0]!.text;
      const items = body.split('\n').filter((line) => line.startsWith('• '));
      if (run.full) expect(items, s.email).toHaveLength(1);
      expect(
        items.find((line) => line.startsWith(`• ${TEXT[languages[i]!].logoLine}: `)),
        body,
      ).toBeDefined();
      const link = new URL(/https?:\/\/\S+invite-sponsor\/\?\S+?(?=#)/.exec(body)![0]);
      expect(link.searchParams.get('email')?.toLowerCase()).toBe(s.email.toLowerCase());
      tokens.add(link.searchParams.get('token')!);
    });
    expect(tokens.size).toBe(run.sponsors);
    if (run.full) {
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(sponsorItem(page, star.email)).toBeVisible();
      await expectNoSideScroll(page);
      await expectAccessible(page, `board list ${language}`);
      await shot(page, `board-375-${language}`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // The sponsor answers: a logo (API) and a parcel on its way (API); then opens the mail's link on a phone.
    const logo = await page.request.put(`/api/deliverables/${logoId}/asset`, {
      headers: { ...asStar, 'Content-Type': 'application/octet-stream' },
      data: makePng(1200, 480, [20, 90, 160]),
    });
    expect(logo.ok(), await logo.text()).toBe(true);
    const parcel = await page.request.post(`/api/sponsorships/${star.sponsorId}/shipments`, {
      headers: asStar,
      data: { carrier: 'DHL', tracking: '00340434161094042557', parcel_count: 2, expected_date: '2030-07-01' },
    });
    expect(parcel.ok(), await parcel.text()).toBe(true);
    const starLink = new URL(/https?:\/\/\S+?(?=#)/.exec(chasers.get(star.email)![0]!.text)![0]);
    const phone = await openPhone(browser, language, `${starLink.pathname}${starLink.search}`);
    const step = await openFlowStep(phone, 'deliver');
    const proof = step.getByRole('img', { name: text.proofAlt });
    await expect(proof).toBeVisible();
    expect((await proof.boundingBox())!.width).toBeLessThanOrEqual(375);
    await step.getByRole('button', { name: text.approveProof }).click();
    await expect(step.getByRole('status').filter({ hasText: text.proofApproved })).toBeVisible();
    await expectNoSideScroll(phone);
    await expectAccessible(phone, `proof approved ${language}`);
    await shot(phone, `proof-approved-${language}`);

    // Two people named from the same screen; each gets a ticket mail with its code.
    const people = [
      { name: 'Ada Lovelace', email: uniqueEmail('ada') },
      { name: 'Grace Hopper', email: uniqueEmail('grace') },
    ];
    const seats = step.getByRole('region', { name: text.tickets });
    for (const person of people) {
      await seats.getByLabel('Name', { exact: true }).fill(person.name);
      await seats.getByLabel(text.email).fill(person.email);
      await seats.getByRole('button', { name: text.add }).click();
      await expect(seats.getByText(person.email)).toBeVisible();
    }
    await expect(seats).toContainText(text.seats);
    await expectNoSideScroll(phone);
    await expectAccessible(phone, `tickets named ${language}`);
    await shot(phone, `tickets-named-${language}`);
    const codes: string[] = [];
    for (const person of people) {
      let mail: OutboxMail | undefined;
      await expect(async () => {
        mail = (await listMails()).find((m) => m.to === person.email && m.subject.startsWith(text.ticketSubject));
        expect(mail).toBeDefined();
      }).toPass({ timeout: 15_000 });
      codes.push(/\n {4}(\S+)\n/.exec(mail!.text)![1]!);
    }

    // The organiser approves the round (API) and downloads the print bundle.
    const approved = await page.request.post(`/api/deliverables/${logoId}/asset/decision`, {
      headers: world.auth,
      data: { round: 1, decision: 'approve', comment: '' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    if (run.full) {
      await openEventArea(page, world.event.id, 'fulfilment');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text.bundle }).click();
      const file = testInfo.outputPath('bundle.zip');
      await (await download).saveAs(file);
      const { names, csv } = await readZip(file);
      // Only the one approved logo: the original, its PNG and PDF variants, and the CSV.
      expect(names).toHaveLength(4);
      expect(names[0]).toMatch(/^gold-chain0-[a-z0-9-]*\.png$/);
      expect(names.slice(1)).toEqual([`png/${names[0]}`, `pdf/${names[0]!.replace(/\.png$/, '.pdf')}`, 'sponsors.csv']);
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"file","name","website","alt_text","package"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^"${names[0]}","[^"]+","[^"]*","[^"]*","Gold"$`));
    }

    // The door on a phone: both tickets held in front of the camera, one after the other.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/edit-event/${world.event.id}/check-in`);
    for (const [i, code] of codes.entries()) {
      filmQr(code);
      await page.getByRole('button', { name: text.startCamera }).click();
      await expect(page.getByText(people[i]!.name)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(text.admitted, { exact: true })).toBeVisible();
      if (i === 0) {
        await expectNoSideScroll(page);
        await expectAccessible(page, `door ${language}`);
        await shot(page, `door-${language}`);
      }
      await page.getByRole('button', { name: text.stopCamera }).click();
    }

    // The venue marks the parcel received from its link; the sponsor's phone shows it without reloading.
    const venue = await page.request.post(`/api/event/${world.event.id}/venue-link`, { headers: world.auth });
    expect(venue.ok(), await venue.text()).toBe(true);
    const venuePhone = await openPhone(
      browser,
      language,
      new URL(((await venue.json()) as { url: string }).url).pathname,
    );
    await expect(venuePhone.getByRole('heading', { level: 1 })).toHaveText(title);
    await venuePhone.getByRole('button', { name: text.markReceived }).click();
    await venuePhone.getByRole('button', { name: text.confirmReceipt }).click();
    await expect(venuePhone.getByTestId('venue-shipment')).toHaveAttribute('data-state', 'received');
    await expectNoSideScroll(venuePhone);
    await expectAccessible(venuePhone, `venue ${language}`);
    await shot(venuePhone, `venue-${language}`);
    await expect(phone.getByTestId('shipment')).toHaveAttribute('data-state', 'received', { timeout: 15_000 });

    // The feeds, imported into ical.js: the organisation's and the sponsor's.
    const organisationFeed = await page.request.post('/api/calendar-feeds/organisation', {
      headers: world.auth,
      data: { language },
    });
    expect(organisationFeed.ok(), await organisationFeed.text()).toBe(true);
    const entries = await parseFeed(page, ((await organisationFeed.json()) as { url: string }).url);
    expect(entries).toContainEqual(expect.objectContaining({ summary: title, day: '2030-07-04' }));
    expect(entries.some((e) => e.summary.startsWith(text.feedDue) && e.day === '2030-05-01')).toBe(true);
    expect(new Set(entries.map((e) => e.uid)).size).toBe(entries.length);
    const sponsorFeed = await page.request.post(`/api/sponsorships/${star.sponsorId}/calendar-feed`, {
      headers: asStar,
      data: { language },
    });
    expect(sponsorFeed.ok(), await sponsorFeed.text()).toBe(true);
    const own = await parseFeed(page, ((await sponsorFeed.json()) as { url: string }).url);
    expect(own.map((e) => e.summary)).toEqual(expect.arrayContaining([text.feedTickets, text.feedDue]));
    expect(own.some((e) => e.summary.includes(title) && e.day === '2030-07-04')).toBe(true);

    for (const p of [phone, venuePhone]) await p.context().close();
  });
}
