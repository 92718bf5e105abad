// The platform's PAdES seal on a pdf-lib document (decision 062): a baseline B-B signature, SubFilter
// ETSI.CAdES.detached over the whole file, the CMS of cades-signer.ts, the claimed time in the
// signature dictionary's /M. The sealed agreement (modules/agreements) and the sponsor report
// (modules/sponsor-report) are sealed by this one function with the same key, so `pdfsig` and a PDF
// reader treat both alike. Pure: runs on the worker pool.
import type { PDFDocument } from 'pdf-lib';
import { CadesSigner } from './cades-signer.ts';

export type SealKeyBytes = { p12: Buffer; passphrase: string };

export async function sealPdf(
  doc: PDFDocument,
  seal: { reason: string; signingTime: Date; key: SealKeyBytes },
): Promise<Buffer> {
  // The signing libraries are loaded with the first seal, not at start.
  const [{ pdflibAddPlaceholder }, { SignPdf, Signer }] = await Promise.all([
    import('@signpdf/placeholder-pdf-lib'),
    import('@signpdf/signpdf'),
  ]);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: seal.reason,
    contactInfo: '',
    name: 'Sponsoring platform seal',
    location: '',
    signingTime: seal.signingTime,
    subFilter: 'ETSI.CAdES.detached',
    signatureLength: 8192,
  });
  const unsigned = await doc.save({ useObjectStreams: false });
  const cades = new CadesSigner(seal.key.p12, seal.key.passphrase);
  // SignPdf takes only its own Signer class; it hands over the bytes of the byte range.
  class SealSigner extends Signer {
    override sign(content: Buffer): Promise<Buffer> {
      return cades.sign(content);
    }
  }
  return new SignPdf().sign(Buffer.from(unsigned), new SealSigner(), seal.signingTime);
}
