// The draft agreement as a PDF, from its snapshot alone: same snapshot, same bytes, same SHA-256.
// The sealed agreement's pages come from here too, with their status as signed.
import { createHash } from 'node:crypto';
import { countryName } from '@sp/shared';
import { drawFooters, embedFonts, newDocument, PdfWriter } from './pdf-writer.ts';
import { referenceOf, type AgreementSnapshot } from './snapshot.ts';
import { formatAmount, formatDate, TEXTS } from './texts.ts';

/**
 * Changes whenever this renderer (or its texts, fonts, layout) would make other bytes from the same
 * snapshot: drafts kept by lib/document-cache.ts are keyed by it with the snapshot.
 */
export const DRAFT_RENDERER_VERSION = 'draft-1';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * `completedAt`: the sealed version's pages, the same but for the first page's status, which says
 * when both parties signed instead of "presented for signature" (decision 067).
 */
export async function renderDraft(snapshot: AgreementSnapshot, completedAt?: Date): Promise<Uint8Array> {
  const t = TEXTS[snapshot.language];
  const lang = snapshot.language;
  const reference = referenceOf(snapshot);
  const doc = await newDocument(`${t.title} ${reference}`, new Date(snapshot.issuedAt));
  const fonts = await embedFonts(doc, JSON.stringify(snapshot));
  const w = new PdfWriter(doc, fonts);

  w.text(t.title, { size: 18, bold: true, gapAfter: 2 });
  const status = completedAt ? t.signed(formatDate(completedAt.toISOString(), lang)) : t.draft;
  w.text(`${t.reference} ${reference} · ${status}`, { size: 9, grey: true, gapAfter: 14 });
  w.text(t.between, { grey: true });
  const o = snapshot.organisation;
  w.text(o.name, { bold: true, gapAfter: 0 });
  w.text(`${o.street} ${o.houseNumber}, ${o.postalCode} ${o.city}, ${countryName(o.country, lang)}`, { gapAfter: 0 });
  w.text(`– ${t.organiser} –`, { grey: true, gapAfter: 8 });
  w.text(t.and, { grey: true });
  const s = snapshot.sponsor;
  w.text(s.legalName, { bold: true, gapAfter: 0 });
  w.text(`${s.street} ${s.houseNumber}, ${s.postalCode} ${s.city}, ${countryName(s.country, lang)}`, { gapAfter: 0 });
  w.text(`${t.email}: ${s.email}${s.vatId ? ` · ${t.vatId}: ${s.vatId}` : ''}`, { gapAfter: 0 });
  w.text(`– ${t.sponsor} –`, { grey: true, gapAfter: 12 });

  w.heading(t.s1);
  w.text(t.eventLine(snapshot.event.title, formatDate(snapshot.event.date, lang), snapshot.event.location));

  w.heading(t.s2);
  w.text(t.packageLine(snapshot.package.name));
  if (snapshot.package.benefits.length === 0) w.text(t.noBenefits);
  for (const benefit of snapshot.package.benefits) {
    w.text(`• ${benefit.title}${benefit.dueDate ? ` (${t.due} ${formatDate(benefit.dueDate, lang)})` : ''}`, {
      gapAfter: 2,
    });
  }

  w.heading(t.s3);
  w.text(t.amountLine(formatAmount(snapshot.amountCents, lang)), { gapAfter: 2 });
  w.text(t.paymentLine(snapshot.paymentTermDays), { gapAfter: 2 });
  w.text(t.vatNote);

  let section = 4;
  if (snapshot.clauses.trim()) {
    w.heading(t.s4);
    w.text(snapshot.clauses.trim());
    section = 5;
  }
  w.heading(section === 5 ? t.s5 : t.s5.replace('5', '4'));
  w.text(t.signingText);

  drawFooters(doc.getPages(), fonts, `${t.title} ${reference}`, t.page);
  return doc.save({ useObjectStreams: false });
}
