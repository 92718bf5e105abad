// The signed document: the draft's pages as signed (their status now saying signed), one signature
// page per party, the audit trail and the kind of signature, then the platform's seal: a PAdES baseline B-B signature (ETSI EN 319 142-1:
// SubFilter ETSI.CAdES.detached over the whole file, the CMS of lib/cades-signer.ts (sealed by lib/pades-seal.ts) with ESS
// signing-certificate-v2 and no signing-time, the claimed time in the dictionary's /M), so a PDF
// reader shows the document unchanged since it was sealed (decision 062).
import { AGREEMENT_LIMITS } from '@sp/shared';
import { loadPdfLib } from '../../lib/pdf-lib.ts';
import { sealPdf } from '../../lib/pades-seal.ts';
import { drawFooters, embedFonts, PdfWriter, stampMetadata } from './pdf-writer.ts';
import { renderDraft } from './render.ts';
import type { SealKey } from './seal-key.ts';
import { referenceOf, type AgreementSnapshot } from './snapshot.ts';
import { TEXTS } from './texts.ts';

export type SealSignature = {
  side: 'sponsor' | 'organisation';
  fullName: string;
  position: string;
  email: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  documentSha256: string;
  drawnSignature: string | null;
};

export type SealAuditEntry = {
  at: Date;
  kind: 'viewed' | 'signed' | 'voided' | 'completed';
  side: 'sponsor' | 'organisation' | 'system';
  actor: string;
  ip: string;
  userAgent: string;
  documentSha256: string | null;
};

const utc = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** The PNG bytes of a data URL; throws when it is none. */
export function pngOf(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(signature)) throw new Error('not a PNG');
  return bytes;
}

/** Checks a drawn signature the way sealing will read it: a PNG pdf-lib embeds, at most 3000 × 1500 px. */
export async function checkDrawnSignature(dataUrl: string): Promise<boolean> {
  try {
    const bytes = pngOf(dataUrl);
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    const { drawnSignatureWidth, drawnSignatureHeight } = AGREEMENT_LIMITS;
    if (width < 1 || height < 1 || width > drawnSignatureWidth || height > drawnSignatureHeight) return false;
    const { PDFDocument } = await loadPdfLib();
    const doc = await PDFDocument.create();
    await doc.embedPng(bytes);
    return true;
  } catch {
    return false;
  }
}

export async function sealAgreement(input: {
  snapshot: AgreementSnapshot;
  signatures: SealSignature[];
  audit: SealAuditEntry[];
  completedAt: Date;
  key: SealKey;
}): Promise<Buffer> {
  const { snapshot } = input;
  const t = TEXTS[snapshot.language];
  const reference = referenceOf(snapshot);
  // pdf-lib (and with the seal the signing libraries, 40 MB) is loaded with the first seal, not at start.
  const { PDFDocument } = await loadPdfLib();
  // The signed draft's pages rendered again from the snapshot both parties signed, the first page's
  // status now saying signed (decision 067); the draft's SHA-256 stays on each signature page.
  const doc = await PDFDocument.load(await renderDraft(snapshot, input.completedAt), { updateMetadata: false });
  stampMetadata(doc, `${t.title} ${reference}`, input.completedAt);
  const draftPages = doc.getPageCount();
  const fonts = await embedFonts(doc, JSON.stringify([snapshot, input.signatures, input.audit]));
  const w = new PdfWriter(doc, fonts);
  let first = true;
  for (const signature of input.signatures) {
    if (!first) w.newPage();
    first = false;
    const side = signature.side === 'sponsor' ? t.sponsor : t.organiser;
    w.text(t.signaturePage(side), { size: 16, bold: true, gapAfter: 10 });
    w.text(signature.side === 'sponsor' ? snapshot.sponsor.legalName : snapshot.organisation.name, { bold: true });
    w.field(t.name, signature.fullName);
    w.field(t.position, signature.position);
    w.field(t.email, signature.email);
    w.field(t.signedAt, utc(signature.signedAt));
    w.field(t.ipAddress, signature.ip);
    w.field(t.userAgent, signature.userAgent);
    w.field(t.documentHash, signature.documentSha256);
    w.gap(8);
    w.text(t.consent);
    if (signature.drawnSignature) {
      w.text(t.drawn, { bold: true, gapAfter: 2 });
      w.image(await doc.embedPng(pngOf(signature.drawnSignature)), 260, 110);
    } else {
      w.text(t.noDrawn, { grey: true });
    }
  }
  w.newPage();
  w.text(t.auditTitle, { size: 16, bold: true, gapAfter: 4 });
  w.text(t.auditIntro, { grey: true, gapAfter: 10 });
  for (const entry of input.audit) {
    w.text(`${utc(entry.at)} · ${t.kinds[entry.kind]} · ${t.sides[entry.side]} ${entry.actor}`, {
      bold: true,
      size: 9.5,
      gapAfter: 0,
    });
    w.text(`${t.ipAddress}: ${entry.ip || '–'} · ${t.userAgent}: ${entry.userAgent || '–'}`, {
      size: 8.5,
      gapAfter: 0,
    });
    w.text(`SHA-256: ${entry.documentSha256 ?? '–'}`, { size: 8.5, grey: true, gapAfter: 6 });
  }
  w.gap(10);
  w.text(t.kindTitle, { bold: true, size: 12 });
  w.text(t.kindText);
  drawFooters(doc.getPages().slice(draftPages), fonts, `${t.title} ${reference}`, t.annexPage);

  return sealPdf(doc, { reason: `${t.title} ${reference}`, signingTime: input.completedAt, key: input.key });
}
