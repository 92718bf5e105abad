// Chooses the blob store from configuration: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { BlobStore } from './blob-port.ts';
import { createLocalBlobStore } from './local.ts';
import { uploadTokenKeyLoader } from './upload-tokens.ts';

export * from './blob-port.ts';

export async function createBlobStore(config: Config, db: Db, options: { uploadPath: string }): Promise<BlobStore> {
  const store = config.files.store;
  if (store.kind === 's3') {
    // Loaded only when used: the SDK is large and the embedded default does not need it.
    const { createS3BlobStore } = await import('./s3.ts');
    return createS3BlobStore(store);
  }
  return createLocalBlobStore({ dir: store.dir, uploadPath: options.uploadPath, tokenKey: uploadTokenKeyLoader(db) });
}
