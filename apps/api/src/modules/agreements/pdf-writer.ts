// A small flowing-text writer on pdf-lib: A4 pages, wrapped paragraphs, headings and a footer. Text
// goes through the one PDF text helper (lib/pdf-text.ts: a font per script, subsets under fixed
// names, bidi order), and the document's dates come from the caller, so the same data always gives
// the same bytes.
import type { PDFDocument, PDFImage, PDFPage } from 'pdf-lib';
import { loadPdfLib, rgbColour as rgb } from '../../lib/pdf-lib.ts';
import { embedPdfText, type PdfText } from '../../lib/pdf-text.ts';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);

export type Fonts = PdfText;

/** Embeds the fonts the document's text needs (`sample`: all of its text, in any shape). */
export async function embedFonts(doc: PDFDocument, sample: string): Promise<Fonts> {
  return embedPdfText(doc, sample);
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
    const leading = size * 1.4;
    for (const line of this.fonts.wrap(text, size, WIDTH, options.bold)) {
      this.room(leading);
      this.y -= leading;
      this.fonts.draw(this.page, line, MARGIN, this.y, {
        size,
        bold: options.bold,
        color: options.grey ? GREY : rgb(0, 0, 0),
      });
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
    const lines = this.fonts.wrap(value, size, WIDTH - labelWidth);
    const leading = size * 1.4;
    this.room(leading * Math.min(lines.length, 3));
    this.y -= leading;
    this.fonts.draw(this.page, label, MARGIN, this.y, { size, bold: true });
    lines.forEach((line, index) => {
      if (index > 0) {
        this.room(leading);
        this.y -= leading;
      }
      this.fonts.draw(this.page, line, MARGIN + labelWidth, this.y, { size });
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
  text: PdfText,
  left: string,
  pageLabel: (n: number, of: number) => string,
): void {
  pages.forEach((page, index) => {
    text.draw(page, left, MARGIN, MARGIN / 2, { size: 8, color: GREY });
    const label = pageLabel(index + 1, pages.length);
    text.draw(page, label, PAGE.width - MARGIN - text.width(label, 8), MARGIN / 2, { size: 8, color: GREY });
  });
}
