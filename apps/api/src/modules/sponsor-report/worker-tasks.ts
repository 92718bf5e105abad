// What the sponsor-report module runs on the worker pool (lib/work-pool.ts, decision 097): the
// layout, the thumbnails and the seal, a pure function of its input.
import { sealReport } from './seal.ts';

export const sponsorReportWorkerTasks = {
  /** The PKCS#12 arrives as bytes (a Buffer crosses as a Uint8Array). */
  'sponsor-report.seal': async (input: Parameters<typeof sealReport>[0]): Promise<Uint8Array> =>
    sealReport({ ...input, key: { ...input.key, p12: Buffer.from(input.key.p12) } }),
};
