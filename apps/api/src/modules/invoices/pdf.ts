// The readable invoice PDF (pdf-lib; names and addresses in any script through the PDF text helper), in the buyer's language, with
// every § 14 (4) UStG content: seller and buyer with addresses, the seller's tax number or VAT id,
// invoice date, number, service date, the lines with quantity and description, net per rate, rate and
// VAT amount, gross, the VAT note (§ 19, reverse charge, exemption reason), and for a cancellation the invoice
// it cancels. A payable invoice carries the EPC GiroCode for the SEPA transfer.
import { countryName, groupIban } from '@sp/shared';
import type { PDFPage } from 'pdf-lib';
import { loadPdfLib, rgbColour as rgb } from '../../lib/pdf-lib.ts';
import { embedPdfText } from '../../lib/pdf-text.ts';
import { girocodePayload, qrMatrix } from './girocode.ts';
import { formatMoney } from './money.ts';
import type { InvoiceDocumentInput } from './einvoice.ts';
import { PDF_TEXTS, readableDate } from './pdf-texts.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);

export type ReadableInput = Omit<InvoiceDocumentInput, 'number' | 'invoiceDate'> & {
  number: string | null;
  invoiceDate: string | null;
};

/** A face: bold or not; the font per script comes from the PDF text helper (decision 062). */
type Face = boolean;

export async function readablePdf(input: ReadableInput): Promise<Uint8Array> {
  const t = PDF_TEXTS[input.language];
  const lang = input.language;
  const s = input.snapshot;
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const pdfText = await embedPdfText(doc, JSON.stringify(input));
  const regular: Face = false;
  const bold: Face = true;
  const wrap = (value: string, font: Face, size: number, width: number) => pdfText.wrap(value, size, width, font);
  const title = input.kind === 'cancellation' ? t.cancellation : t.invoice;
  doc.setTitle(input.number ? `${title} ${input.number}` : title);
  doc.setAuthor(s.seller.name);
  doc.setLanguage(lang === 'de' ? 'de-DE' : 'en-GB');
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: string, x: number, options: { size?: number; font?: Face; color?: typeof GREY } = {}) =>
    pdfText.draw(page, value, x, y, {
      size: options.size ?? 9,
      bold: options.font ?? regular,
      color: options.color ?? rgb(0, 0, 0),
    });
  const right = (value: string, xRight: number, font: Face = regular, size = 9) =>
    pdfText.draw(page, value, xRight - pdfText.width(value, size, font), y, { size, bold: font });
  const newline = (h = 12) => {
    y -= h;
    if (y < MARGIN + 40) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const money = (cents: number) => formatMoney(cents, lang);
  const date = (day: string) => readableDate(day, lang);

  // Seller line and address blocks
  const seller = s.seller;
  // A letter within one country carries no country line; one abroad names the country, the buyer's in
  // capitals as the last address line (DIN 5008, UPU), both in the invoice's language, never as an ISO code.
  const abroad = s.buyer.country !== seller.country;
  const returnAddress = [
    seller.name,
    `${seller.street} ${seller.houseNumber}`,
    `${seller.postalCode} ${seller.city}`,
    ...(abroad ? [countryName(seller.country, lang)] : []),
  ];
  text(returnAddress.join(' · '), MARGIN, { size: 7, color: GREY });
  newline(24);
  const buyerLines = [
    s.buyer.name,
    `${s.buyer.street} ${s.buyer.houseNumber}`,
    `${s.buyer.postalCode} ${s.buyer.city}`,
    ...(abroad ? [countryName(s.buyer.country, lang).toLocaleUpperCase(lang)] : []),
  ];
  const sellerLines = [
    seller.name,
    `${seller.street} ${seller.houseNumber}`,
    `${seller.postalCode} ${seller.city}`,
    ...(abroad ? [countryName(seller.country, lang)] : []),
    ...(seller.vatId ? [`${t.vatId}: ${seller.vatId}`] : []),
    ...(seller.taxNumber ? [`${t.taxNumber}: ${seller.taxNumber}`] : []),
    ...(seller.email ? [seller.email] : []),
  ];
  for (let i = 0; i < Math.max(buyerLines.length, sellerLines.length); i++) {
    if (buyerLines[i]) text(buyerLines[i]!, MARGIN, { size: 10 });
    if (sellerLines[i]) right(sellerLines[i]!, A4[0] - MARGIN);
    newline(13);
  }
  if (s.buyer.vatId) {
    text(`${t.buyerVatId}: ${s.buyer.vatId}`, MARGIN);
    newline(13);
  }
  newline(18);
  text(title, MARGIN, { size: 18, font: bold });
  if (!input.number) text(t.draft, MARGIN + 220, { size: 11, font: bold, color: rgb(0.7, 0.1, 0.1) });
  newline(24);
  const facts: Array<[string, string]> = [
    [t.number, input.number ?? '—'],
    [t.date, input.invoiceDate ? date(input.invoiceDate) : '—'],
    [t.serviceDate, date(input.serviceDate)],
    ...(input.dueDate && input.grossCents > 0 ? ([[t.dueDate, date(input.dueDate)]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, { color: GREY });
    text(value, MARGIN + 120, { font: bold });
    newline(13);
  }
  if (s.cancels) {
    text(t.cancels(s.cancels.number, date(s.cancels.date)), MARGIN, { font: bold });
    newline(13);
  }
  newline(12);

  // Lines
  const cols = { pos: MARGIN, desc: MARGIN + 30, qty: 330, unit: 405, vat: 440, net: A4[0] - MARGIN };
  text(t.position, cols.pos, { font: bold });
  text(t.description, cols.desc, { font: bold });
  right(t.quantity, cols.qty, bold);
  right(t.unitPrice, cols.unit, bold);
  right(t.vat, cols.vat, bold);
  right(t.net, cols.net, bold);
  newline(6);
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: GREY });
  newline(12);
  s.lines.forEach((line, index) => {
    const description = wrap(line.description, regular, 9, cols.qty - cols.desc - 40);
    text(String(index + 1), cols.pos);
    right(String(line.quantity), cols.qty);
    right(money(line.unitPriceCents), cols.unit);
    right(`${line.vatRate} %`, cols.vat);
    right(money(line.netCents), cols.net);
    for (const part of description) {
      text(part, cols.desc);
      newline(12);
    }
    newline(4);
  });
  page.drawLine({ start: { x: 330, y: y + 6 }, end: { x: A4[0] - MARGIN, y: y + 6 }, thickness: 0.5, color: GREY });
  newline(8);
  const totals: Array<[string, string, Face]> = [
    [t.netTotal, money(input.netCents), regular],
    [t.vatTotal(input.vatRate), money(input.vatCents), regular],
    [t.gross, money(input.grossCents), bold],
  ];
  for (const [label, value, font] of totals) {
    pdfText.draw(page, label, 330, y, { size: 10, bold: font });
    right(value, cols.net, font, 10);
    newline(14);
  }
  newline(8);
  for (const part of s.vatNote ? wrap(s.vatNote, bold, 9, A4[0] - 2 * MARGIN) : []) {
    text(part, MARGIN, { font: bold });
    newline(12);
  }
  newline(8);

  // Payment
  const payable = input.grossCents > 0;
  const payment = payable ? t.payment(s.paymentTermDays, input.dueDate ? date(input.dueDate) : null) : '';
  for (const part of payment ? wrap(payment, regular, 9, 330) : []) {
    text(part, MARGIN);
    newline(12);
  }
  const bankTop = y;
  text(`${t.bank}: ${s.seller.name}`, MARGIN);
  newline(12);
  text(`IBAN ${groupIban(s.bank.iban)} · BIC ${s.bank.bic}${s.bank.bankName ? ` · ${s.bank.bankName}` : ''}`, MARGIN);
  newline(12);
  if (input.number) text(`${t.reference}: ${input.number}`, MARGIN);
  if (payable && input.number) {
    const matrix = qrMatrix(
      girocodePayload({
        bic: s.bank.bic,
        name: s.seller.name,
        iban: s.bank.iban,
        cents: input.grossCents,
        text: input.number,
      }),
    );
    const cell = 90 / matrix.length;
    const x0 = A4[0] - MARGIN - 90;
    const y0 = bankTop - 70;
    matrix.forEach((row, r) =>
      row.forEach((dark, c) => {
        if (dark)
          page.drawRectangle({
            x: x0 + c * cell,
            y: y0 + 90 - (r + 1) * cell,
            width: cell,
            height: cell,
            color: rgb(0, 0, 0),
          });
      }),
    );
    pdfText.draw(page, t.girocode, x0 - 40, y0 - 10, { size: 7, color: GREY });
  }
  return doc.save();
}
