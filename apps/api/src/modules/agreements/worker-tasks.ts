// What the agreements module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { renderDraft } from './render.ts';
import { sealAgreement } from './seal.ts';
import type { AgreementSnapshot } from './snapshot.ts';

export const agreementWorkerTasks = {
  'agreement.draft': (input: { snapshot: AgreementSnapshot }): Promise<Uint8Array> => renderDraft(input.snapshot),
  /** The sealed PDF; the PKCS#12 arrives as bytes (a Buffer crosses as a Uint8Array). */
  'agreement.seal': async (input: Parameters<typeof sealAgreement>[0]): Promise<Uint8Array> =>
    sealAgreement({ ...input, key: { ...input.key, p12: Buffer.from(input.key.p12) } }),
};
