// What the fulfilment module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { checkAndDrawEvidence } from './evidence-image.ts';

export const evidenceWorkerTasks = {
  /** An evidence photo checked and re-encoded as a clean JPEG and thumbnail (decision 107). */
  'evidence.reencode': (bytes: Uint8Array) => checkAndDrawEvidence(bytes),
};
