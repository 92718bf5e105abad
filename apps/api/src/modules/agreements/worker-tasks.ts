// What the agreements module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { renderDraft } from './render.ts';
import { checkDrawnSignature, sealAgreement } from './seal.ts';
import type { AgreementSnapshot } from './snapshot.ts';

export const agreementWorkerTasks = {
  'agreement.draft': (input: { snapshot: AgreementSnapshot }): Promise<Uint8Array> => renderDraft(input.snapshot),
  /** Whether a drawn signature is a PNG the seal can embed (decoding it is CPU work: up to 3000 × 1500 px). */
  'agreement.drawn-signature': (input: { dataUrl: string }): Promise<boolean> => checkDrawnSignature(input.dataUrl),
  /** The sealed PDF; the PKCS#12 arrives as bytes (a Buffer crosses as a Uint8Array). */
  'agreement.seal': async (input: Parameters<typeof sealAgreement>[0]): Promise<Uint8Array> =>
    sealAgreement({ ...input, key: { ...input.key, p12: Buffer.from(input.key.p12) } }),
};
