// What the sponsor-profiles module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { checkAndDraw } from './logo-image.ts';

export const logoWorkerTasks = {
  /** An upload checked and re-encoded as the stored WebP (decision 020); its logo.* refusals cross as AppErrors. */
  'logo.reencode': (bytes: Uint8Array) => checkAndDraw(bytes),
};
