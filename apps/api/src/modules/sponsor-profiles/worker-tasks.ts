// What the sponsor-profiles module runs on the worker pool (lib/work-pool.ts): pure functions of their input.
import { drawLogo } from './logo-image.ts';

export const logoWorkerTasks = {
  /** A checked upload re-encoded as the stored WebP (decision 020); libvips decodes it on the worker. */
  'logo.reencode': (bytes: Uint8Array) => drawLogo(bytes),
};
