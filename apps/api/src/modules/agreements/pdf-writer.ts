// A small flowing-text writer on pdf-lib: A4 pages, wrapped paragraphs, headings and a footer, with
// DejaVu Sans embedded (umlauts, ß, typographic quotes). The fonts are subset under fixed names and
// the document's dates come from the caller, so the same data always gives the same bytes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { loadPdfLib, rgbColour as rgb } from '../../lib/pdf-lib.ts';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () =>
  (fontBytes ??= {
    regular: fs.readFileSync(fontFile('DejaVuSans.ttf')),
    bold: fs.readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  });

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);

export type Fonts = { regular: PDFFont; bold: PDFFont };

/** Embeds the two fonts under fixed names (pdf-lib would otherwise add a random suffix). */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit((await loadPdfLib()).fontkit);
  const bytes = fonts();
  return {
    regular: await doc.embedFont(bytes.regular, { subset: true, customName: 'DejaVuSans' }),
    bold: await doc.embedFont(bytes.bold, { subset: true, customName: 'DejaVuSans-Bold' }),
  };
}

/** A new document whose metadata is fixed by `at` (no producer stamp, no current time). */
export async function newDocument(title: string, at: Date): Promise<PDFDocument> {
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  stampMetadata(doc, title, at);
  return doc;
}

export function stampMetadata(doc: PDFDocument, title: string, at: Date): void {
  doc.setTitle(title);
  doc.setProducer('Sponsoring platform');
  doc.setCreator('Sponsoring platform');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
}

/** Splits text into lines that fit `width` at `size`, keeping the author's line breaks. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraphLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraphLine.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line is cut where it no longer fits.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Writes top to bottom, starting a new page when the current one is full. */
export class PdfWriter {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  page: PDFPage;
  y = 0;

  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    return this.page;
  }

  private room(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean; gapAfter?: number } = {}): void {
    const size = options.size ?? 10.5;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const leading = size * 1.4;
    for (const line of wrap(text, font, size, WIDTH)) {
      this.room(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.grey ? GREY : rgb(0, 0, 0) });
    }
    this.y -= options.gapAfter ?? size * 0.6;
  }

  heading(text: string): void {
    this.room(40);
    this.y -= 6;
    this.text(text, { size: 12, bold: true, gapAfter: 2 });
  }

  /** A label and its value on one line, the value wrapped beside the label. */
  field(label: string, value: string): void {
    const size = 10;
    const labelWidth = 150;
    const lines = wrap(value, this.fonts.regular, size, WIDTH - labelWidth);
    const leading = size * 1.4;
    this.room(leading * Math.min(lines.length, 3));
    this.y -= leading;
    this.page.drawText(label, { x: MARGIN, y: this.y, size, font: this.fonts.bold });
    lines.forEach((line, index) => {
      if (index > 0) {
        this.room(leading);
        this.y -= leading;
      }
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size, font: this.fonts.regular });
    });
    this.y -= 3;
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number): void {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.room(height + 10);
    this.y -= height + 4;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - 2,
      width: maxWidth,
      height: height + 4,
      borderWidth: 0.5,
      borderColor: GREY,
    });
    this.page.drawImage(image, { x: MARGIN + 2, y: this.y, width, height });
    this.y -= 10;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/** Footer on each of `pages`: the reference and "page n of m" (counted within `pages`). */
export function drawFooters(
  pages: PDFPage[],
  font: PDFFont,
  left: string,
  pageLabel: (n: number, of: number) => string,
): void {
  pages.forEach((page, index) => {
    page.drawText(left, { x: MARGIN, y: MARGIN / 2, size: 8, font, color: GREY });
    const label = pageLabel(index + 1, pages.length);
    page.drawText(label, {
      x: PAGE.width - MARGIN - font.widthOfTextAtSize(label, 8),
      y: MARGIN / 2,
      size: 8,
      font,
      color: GREY,
    });
  });
}
