// The sponsor report as a PDF, from its input alone (report-input.ts): a cover with the event, the
// package and four key figures, each benefit with its status, dates and evidence thumbnails, the
// wall figures, tickets, the agreement and invoice references, and how to check the seal. Written
// for a reader who forwards it (a marketing manager to their CFO): plain tables, numbers right
// aligned, one accent colour, every page footed with what it is and "page n of m".
import type { PDFDocument, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib, rgbColour as rgb } from '../../lib/pdf-lib.ts';
import { embedPdfText, type PdfText } from '../../lib/pdf-text.ts';
import type { ReportDeliverable, ReportInput } from './report-input.ts';
import { formatCents, formatCount, formatDay, formatPercent, formatTime, REPORT_TEXTS } from './texts.ts';
import { thumbnailsOf, type Thumbnail } from './thumbnails.ts';

const PAGE = { width: 595.28, height: 841.89 };
const M = 50;
const W = PAGE.width - 2 * M;
const INK = rgb(0.1, 0.13, 0.2);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.84, 0.86, 0.89);
const FILL = rgb(0.955, 0.962, 0.972);
const ACCENT = rgb(0.05, 0.36, 0.38);
const STATUS_COLOUR: Record<ReportDeliverable['status'], RGB> = {
  done: rgb(0.1, 0.5, 0.25),
  in_progress: rgb(0.72, 0.45, 0.05),
  open: rgb(0.45, 0.48, 0.53),
  waived: rgb(0.45, 0.48, 0.53),
};
const THUMBS_PER_ROW = 4;
const THUMB_GAP = 8;
const THUMB_W = (W - 12 - (THUMBS_PER_ROW - 1) * THUMB_GAP) / THUMBS_PER_ROW;
const THUMB_H = THUMB_W * 0.75;

type Style = { size?: number; bold?: boolean; color?: RGB };

class Layout {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly text: PdfText,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - M;
  }
  /** Starts a new page unless `height` points still fit above the footer. */
  room(height: number) {
    if (this.y - height < M + 24) this.newPage();
  }
  line(value: string, x: number, y: number, style: Style = {}) {
    this.text.draw(this.page, value, x, y, { size: style.size ?? 10, bold: style.bold, color: style.color ?? INK });
  }
  right(value: string, xRight: number, y: number, style: Style = {}) {
    const size = style.size ?? 10;
    this.line(value, xRight - this.text.width(value, size, style.bold), y, style);
  }
  /** A wrapped paragraph at the cursor; answers its height. */
  paragraph(value: string, style: Style & { x?: number; width?: number; gapAfter?: number } = {}) {
    const size = style.size ?? 10;
    const leading = size * 1.45;
    for (const row of this.text.wrap(value, size, style.width ?? W, style.bold)) {
      this.room(leading);
      this.y -= leading;
      this.line(row, style.x ?? M, this.y + size * 0.3, style);
    }
    this.y -= style.gapAfter ?? 6;
  }
  heading(value: string) {
    this.room(60);
    this.y -= 14;
    this.line(value, M, this.y - 12, { size: 13, bold: true, color: ACCENT });
    this.y -= 20;
    this.page.drawLine({ start: { x: M, y: this.y }, end: { x: M + W, y: this.y }, thickness: 0.8, color: ACCENT });
    this.y -= 8;
  }
  rule(y = this.y) {
    this.page.drawLine({ start: { x: M, y }, end: { x: M + W, y }, thickness: 0.5, color: RULE });
  }
  box(x: number, y: number, width: number, height: number, color = FILL) {
    this.page.drawRectangle({ x, y, width, height, color });
  }
}

function cover(l: Layout, input: ReportInput) {
  const t = REPORT_TEXTS[input.language];
  const lang = input.language;
  l.box(0, PAGE.height - 8, PAGE.width, 8, ACCENT);
  l.line(t.preparedBy(input.organisation).toUpperCase(), M, l.y - 8, { size: 8.5, bold: true, color: MUTED });
  l.y -= 40;
  l.line(t.title, M, l.y, { size: 26, bold: true });
  l.y -= 24;
  l.paragraph(input.sponsor.name, { size: 14, bold: true, color: ACCENT, gapAfter: 14 });

  const facts: Array<[string, string]> = [
    [t.event, input.event.title],
    [t.date, formatDay(input.event.date, lang)],
    [t.location, input.event.location || '–'],
    [t.package, input.packageName ?? t.noPackage],
    [t.amount, input.amountCents === null ? '–' : formatCents(input.amountCents, lang)],
  ];
  const rows = facts.map(([label, value]) => ({ label, lines: l.text.wrap(value, 10.5, W - 150 - 24) }));
  const height = rows.reduce((sum, r) => sum + 6 + r.lines.length * 15, 0) + 18;
  l.box(M, l.y - height, W, height);
  let y = l.y - 14;
  for (const row of rows) {
    y -= 10;
    l.line(row.label, M + 12, y, { size: 9, bold: true, color: MUTED });
    row.lines.forEach((value, i) => l.line(value, M + 150, y - i * 15, { size: 10.5 }));
    y -= 6 + (row.lines.length - 1) * 15 + 5;
  }
  l.y -= height + 18;

  const done = input.deliverables.filter((d) => d.status === 'done').length;
  const counted = input.deliverables.filter((d) => d.status !== 'waived').length;
  const tiles: Array<[string, string]> = [
    [`${done} / ${counted}`, t.delivered],
    [formatCount(input.wall.impressions, lang), t.impressions],
    [formatCount(input.wall.clicks, lang), t.clicks],
    [input.tickets.seats > 0 ? `${input.tickets.checkedIn} / ${input.tickets.seats}` : '–', t.ticketsUsed],
  ];
  l.line(t.summary, M, l.y - 10, { size: 9, bold: true, color: MUTED });
  l.y -= 20;
  const gap = 10;
  const tileW = (W - 3 * gap) / 4;
  tiles.forEach(([figure, label], i) => {
    const x = M + i * (tileW + gap);
    l.page.drawRectangle({ x, y: l.y - 64, width: tileW, height: 64, borderColor: RULE, borderWidth: 0.8 });
    l.box(x, l.y - 64, 3, 64, ACCENT);
    l.line(figure, x + 12, l.y - 30, { size: 18, bold: true });
    l.text
      .wrap(label, 8.5, tileW - 20)
      .slice(0, 2)
      .forEach((row, r) => {
        l.line(row, x + 12, l.y - 46 - r * 10, { size: 8.5, color: MUTED });
      });
  });
  l.y -= 64 + 6;
}

const COLS = { status: M + 240, due: M + 330, done: M + 412 };

function benefitsHeader(l: Layout, input: ReportInput) {
  const t = REPORT_TEXTS[input.language];
  l.room(28);
  l.box(M, l.y - 20, W, 20);
  for (const [label, x] of [
    [t.benefit, M + 6],
    [t.status, COLS.status],
    [t.due, COLS.due],
    [t.done, COLS.done],
  ] as const) {
    l.line(label, x, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  }
  l.y -= 20;
}

function benefit(l: Layout, input: ReportInput, d: ReportDeliverable, thumbs: Thumbnail[]) {
  const t = REPORT_TEXTS[input.language];
  const lang = input.language;
  const titleLines = l.text.wrap(d.title, 10, COLS.status - M - 16, true);
  const rowHeight = 10 + titleLines.length * 14;
  if (l.y - rowHeight - 40 < M + 24) {
    l.newPage();
    benefitsHeader(l, input);
  }
  const top = l.y;
  titleLines.forEach((row, i) => l.line(row, M + 6, top - 16 - i * 14, { size: 10, bold: true }));
  const label = t.statuses[d.status];
  const pillW = l.text.width(label, 8.5, true) + 14;
  l.page.drawRectangle({ x: COLS.status, y: top - 20, width: pillW, height: 14, color: STATUS_COLOUR[d.status] });
  l.line(label, COLS.status + 7, top - 16, { size: 8.5, bold: true, color: rgb(1, 1, 1) });
  l.line(d.dueDate ? formatDay(d.dueDate, lang) : '–', COLS.due, top - 16, { size: 9.5 });
  l.line(d.doneAt ? formatDay(d.doneAt, lang) : '–', COLS.done, top - 16, { size: 9.5 });
  l.y = top - rowHeight;

  if (thumbs.length === 0) {
    l.line(t.noEvidence, M + 6, l.y - 6, { size: 8.5, color: MUTED });
    l.y -= 16;
  } else {
    l.line(t.evidence(thumbs.length), M + 6, l.y - 6, { size: 8.5, color: MUTED });
    l.y -= 14;
    for (let start = 0; start < thumbs.length; start += THUMBS_PER_ROW) {
      const row = thumbs.slice(start, start + THUMBS_PER_ROW);
      const captioned = row.some((thumb) => thumb.caption);
      const height = THUMB_H + (captioned ? 14 : 0) + THUMB_GAP;
      if (l.y - height < M + 24) {
        l.newPage();
        benefitsHeader(l, input);
        // The photos that go on carry their benefit's name, so a page never shows whose they are not.
        const carried = l.text.wrap(`${d.title} (${t.continued})`, 9, W - 12, true)[0] ?? '';
        l.line(carried, M + 6, l.y - 14, { size: 9, bold: true, color: MUTED });
        l.y -= 22;
      }
      row.forEach((thumb, i) => drawThumb(l, thumb, M + 6 + i * (THUMB_W + THUMB_GAP), l.y - THUMB_H));
      l.y -= height;
    }
  }
  l.rule(l.y);
}

function drawThumb(l: Layout, thumb: Thumbnail, x: number, y: number) {
  l.box(x, y, THUMB_W, THUMB_H);
  const image = thumb.image as PDFImage;
  const scale = Math.min(THUMB_W / image.width, THUMB_H / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  l.page.drawImage(image, { x: x + (THUMB_W - width) / 2, y: y + (THUMB_H - height) / 2, width, height });
  if (thumb.caption) {
    const caption = l.text.wrap(thumb.caption, 7.5, THUMB_W)[0] ?? '';
    l.line(caption, x, y - 10, { size: 7.5, color: MUTED });
  }
}

function wall(l: Layout, input: ReportInput) {
  const t = REPORT_TEXTS[input.language];
  const lang = input.language;
  l.heading(t.wallTitle);
  l.paragraph(t.wallIntro, { size: 9, color: MUTED, gapAfter: 4 });
  if (input.wall.from && input.wall.to) {
    l.paragraph(t.wallPeriod(formatDay(input.wall.from, lang), formatDay(input.wall.to, lang)), { size: 9 });
  } else {
    l.paragraph(t.wallNone, { size: 9 });
  }
  const cols = [M + W - 230, M + W - 120, M + W - 6];
  l.room(80);
  l.box(M, l.y - 20, W, 20);
  l.line(t.placement, M + 6, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  [t.impressions, t.clicks, t.ctr].forEach((label, i) =>
    l.right(label, cols[i]!, l.y - 14, { size: 8.5, bold: true, color: MUTED }),
  );
  l.y -= 20;
  const rows: Array<[string, { impressions: number; clicks: number }, boolean]> = [
    [t.wallPage, input.wall.page, false],
    [t.wallEmbed, input.wall.embed, false],
    [t.total, input.wall, true],
  ];
  for (const [label, figures, bold] of rows) {
    l.line(label, M + 6, l.y - 14, { size: 9.5, bold });
    const rate = figures.impressions > 0 ? formatPercent(figures.clicks / figures.impressions, lang) : '–';
    [formatCount(figures.impressions, lang), formatCount(figures.clicks, lang), rate].forEach((value, i) =>
      l.right(value, cols[i]!, l.y - 14, { size: 9.5, bold }),
    );
    l.y -= 20;
    l.rule(l.y);
  }
}

function references(l: Layout, input: ReportInput) {
  const t = REPORT_TEXTS[input.language];
  const lang = input.language;
  l.heading(t.ticketsTitle);
  const { seats, named, checkedIn } = input.tickets;
  l.paragraph(seats > 0 ? t.ticketsLine(seats, named, checkedIn) : t.ticketsNone, { size: 10 });

  l.heading(t.referencesTitle);
  const a = input.agreement;
  if (a.kind === 'sealed') {
    l.paragraph(t.agreementSealed(formatDay(a.completedAt, lang)), { size: 10, gapAfter: 2 });
    l.paragraph(`${t.agreementHash}: ${a.sha256}`, { size: 8, color: MUTED, gapAfter: 10 });
  } else {
    l.paragraph(a.kind === 'uploaded' ? t.agreementUploaded : t.agreementNone, { size: 10, gapAfter: 10 });
  }
  if (input.invoices.length === 0) {
    l.paragraph(t.noInvoices, { size: 10 });
    return;
  }
  const cols = { date: M + 200, amount: M + W - 110, status: M + W - 90 };
  l.room(44);
  l.box(M, l.y - 20, W, 20);
  l.line(t.invoiceNumber, M + 6, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  l.line(t.invoiceDate, cols.date, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  l.right(t.invoiceAmount, cols.amount, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  l.line(t.invoiceStatus, cols.status, l.y - 14, { size: 8.5, bold: true, color: MUTED });
  l.y -= 20;
  for (const invoice of input.invoices) {
    l.room(22);
    const number = invoice.kind === 'cancellation' ? `${invoice.number} (${t.cancellation})` : invoice.number;
    l.line(number, M + 6, l.y - 14, { size: 9.5 });
    l.line(invoice.invoiceDate ? formatDay(invoice.invoiceDate, lang) : '–', cols.date, l.y - 14, { size: 9.5 });
    l.right(formatCents(invoice.grossCents, lang), cols.amount, l.y - 14, { size: 9.5 });
    l.line(t.invoiceStatuses[invoice.status] ?? invoice.status, cols.status, l.y - 14, { size: 9.5 });
    l.y -= 20;
    l.rule(l.y);
  }
}

function seal(l: Layout, input: ReportInput, sealedAt: Date) {
  const t = REPORT_TEXTS[input.language];
  const lines = l.text.wrap(t.sealText(input.verifyUrl), 9, W - 28);
  const height = 34 + lines.length * 13 + 18;
  l.room(height + 20);
  l.y -= 20;
  l.page.drawRectangle({ x: M, y: l.y - height, width: W, height, borderColor: ACCENT, borderWidth: 0.8 });
  l.line(t.sealTitle, M + 14, l.y - 20, { size: 10.5, bold: true, color: ACCENT });
  lines.forEach((row, i) => l.line(row, M + 14, l.y - 38 - i * 13, { size: 9 }));
  l.line(t.sealedAt(formatTime(sealedAt.toISOString(), input.language)), M + 14, l.y - 38 - lines.length * 13 - 4, {
    size: 8.5,
    color: MUTED,
  });
  l.y -= height;
}

function footers(doc: PDFDocument, text: PdfText, input: ReportInput) {
  const t = REPORT_TEXTS[input.language];
  const left = `${t.title} · ${input.event.title} · ${input.sponsor.name}`;
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: M, y: M - 6 }, end: { x: M + W, y: M - 6 }, thickness: 0.5, color: RULE });
    const label = t.page(i + 1, pages.length);
    const room = W - text.width(label, 8) - 20;
    const shown = text.wrap(left, 8, room)[0] ?? '';
    text.draw(page, shown, M, M - 20, { size: 8, color: MUTED });
    text.draw(page, label, M + W - text.width(label, 8), M - 20, { size: 8, color: MUTED });
  });
}

/** The report's pages as a pdf-lib document, not yet saved (sealing saves it). */
export async function layoutReport(input: ReportInput, sealedAt: Date): Promise<PDFDocument> {
  const t = REPORT_TEXTS[input.language];
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `${t.title} ${input.event.title} · ${input.sponsor.name}`;
  doc.setTitle(title);
  doc.setProducer('Sponsoring platform');
  doc.setCreator('Sponsoring platform');
  doc.setCreationDate(sealedAt);
  doc.setModificationDate(sealedAt);
  doc.setLanguage(input.language === 'de' ? 'de-DE' : 'en-GB');
  const sample = JSON.stringify({ ...input, deliverables: input.deliverables.map((d) => ({ ...d, evidence: [] })) });
  const captions = input.deliverables.flatMap((d) => d.evidence.map((e) => e.caption ?? '')).join(' ');
  const text = await embedPdfText(doc, `${sample} ${captions} ${JSON.stringify(t)} 0123456789 –·%€`);
  const l = new Layout(doc, text);
  cover(l, input);
  l.heading(t.benefits);
  if (input.deliverables.length === 0) l.paragraph(t.noBenefits, { size: 10 });
  else benefitsHeader(l, input);
  const thumbs = await thumbnailsOf(doc, input.deliverables);
  for (const d of input.deliverables) benefit(l, input, d, thumbs.get(d.id) ?? []);
  wall(l, input);
  references(l, input);
  seal(l, input, sealedAt);
  footers(doc, text, input);
  return doc;
}
