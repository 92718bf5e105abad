// Chooses the blob store from configuration: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files.
import type { Config } from '../../config.ts';
import type { TokenKeys } from '../../lib/signed-tokens.ts';
import type { BlobStore } from './blob-port.ts';
import { createLocalBlobStore } from './local.ts';

export * from './blob-port.ts';
export { UPLOAD_TOKENS } from './upload-tokens.ts';

/** `tokenKeys`: the keys of the local store's upload URLs (UPLOAD_TOKENS); an S3 bucket signs its own. */
export async function createBlobStore(
  config: Config,
  options: { uploadPath: string; tokenKeys: () => Promise<TokenKeys> },
): Promise<BlobStore> {
  const store = config.files.store;
  if (store.kind === 's3') {
    // Loaded only when used: the SDK is large and the embedded default does not need it.
    const { createS3BlobStore } = await import('./s3.ts');
    return createS3BlobStore(store);
  }
  return createLocalBlobStore({ dir: store.dir, uploadPath: options.uploadPath, tokenKeys: options.tokenKeys });
}
