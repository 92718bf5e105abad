// The blob port: where uploaded files live. One interface, two adapters: the local disk under
// DATA_DIR/files (embedded default, uploads come back to our own API through a signed URL) and an S3
// bucket (uploads go straight to the bucket through a presigned URL). Keys are made by the server
// (modules/files) and never come from a request unchecked.
import type { Readable } from 'node:stream';

/** What an upload URL is issued for; the local store binds all of it into the URL's signature. */
export type UploadTarget = {
  /** The event_files record (s3_id) the upload belongs to. */
  uploadId: string;
  key: string;
  organisationId: number;
  eventId: number;
  expiresAt: Date;
  /** The same lifetime in seconds, for stores that sign with their own clock. */
  ttlSeconds: number;
  contentType: string;
};

export type BlobInfo = { size: number; head: Buffer };
export type BlobBody = { body: Readable; size: number };

type CommonBlobStore = {
  /** The URL the client PUTs the bytes to (relative to our origin for the local store). */
  createUploadUrl(target: UploadTarget): Promise<string>;
  /** Size and first `headBytes` bytes of a stored blob, or null when there is none. */
  inspect(key: string, headBytes: number): Promise<BlobInfo | null>;
  read(key: string): Promise<BlobBody | null>;
  /**
   * Copies the blob at `from` to `to`, durably, leaving `from` as it is; an earlier copy at `to` is
   * replaced (so an interrupted copy can be repeated). Throws when there is no blob at `from`.
   */
  copy(from: string, to: string): Promise<void>;
  /**
   * Stores bytes the server made itself (a re-encoded logo) under `key`. Keys of such blobs name their
   * content (a hash), so a blob already there holds the same bytes and is kept.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes a blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  close(): void;
};

export type UploadClaims = Omit<UploadTarget, 'ttlSeconds' | 'contentType'>;

/** Why the local store refused bytes; nothing is kept in any of these cases. */
export type BlobRejection = 'too_large' | 'wrong_signature' | 'exists';

export class BlobRejectedError extends Error {
  constructor(readonly reason: BlobRejection) {
    super(`Blob refused: ${reason}`);
    this.name = 'BlobRejectedError';
  }
}

export type LocalBlobStore = CommonBlobStore & {
  kind: 'local';
  /** The claims of an upload URL's token when its signature holds and it has not expired, else null. */
  verifyUploadToken(token: string, now: Date): Promise<UploadClaims | null>;
  /**
   * Streams `body` to `key`: refused as soon as it passes `maxBytes` or its first bytes differ from
   * `requiredPrefix`; written to a temporary file and published without ever replacing an existing blob.
   */
  write(key: string, body: Readable, limits: { maxBytes: number; requiredPrefix: Buffer }): Promise<{ size: number }>;
};

export type S3BlobStore = CommonBlobStore & { kind: 's3' };

export type BlobStore = LocalBlobStore | S3BlobStore;

/**
 * Keys look like organisations/{id}/events/{id}/{uuid}-{name}.pdf, or for a sponsor's signed agreement
 * organisations/{id}/events/{id}/sponsorships/{id}/{uuid}-{name}.pdf, or for a signed agreement kept
 * after its organisation was deleted archive/agreements/{uuid}-{name}.pdf, or for a sponsor's logo
 * sponsor-logos/{profile id}/{content hash}.webp, or for a sealed agreement (issue 19)
 * agreements/{sponsorship id}/{sha256}.pdf, or for a deliverable's asset
 * deliverable-assets/{deliverable id}/{sha256}.{ext}, or for a round's proof and an approved round's
 * variants (decision 089) deliverable-proofs/{deliverable id}/{round}-{placement}.png and
 * deliverable-variants/{deliverable id}/{round}.{png,pdf}, or for delivery evidence (decision 107)
 * deliverable-evidence/{deliverable id}/{sha256}[-thumb].jpg: nothing else reaches a store.
 */
export const BLOB_KEY_PATTERN =
  /^((organisations\/\d{1,10}\/events\/\d{1,10}\/(sponsorships\/\d{1,10}\/)?|archive\/agreements\/)[0-9a-f-]{36}-[A-Za-z0-9._-]{1,80}|agreements\/\d{1,10}\/[0-9a-f]{64})\.pdf$/;
export const LOGO_KEY_PATTERN = /^sponsor-logos\/\d{1,10}\/[0-9a-f]{32}\.webp$/;
/** A deliverable's asset as the sponsor uploaded it (decision 084), named by its SHA-256. */
export const ASSET_KEY_PATTERN = /^deliverable-assets\/\d{1,10}\/[0-9a-f]{64}\.(png|jpg|webp|svg|pdf)$/;
/** The venue's photo of a received parcel (decision 082), re-encoded to WebP and named by its hash. */
export const SHIPMENT_PHOTO_KEY_PATTERN = /^shipment-photos\/\d{1,10}\/[0-9a-f]{32}\.webp$/;
/** A piece of delivery evidence re-encoded as JPEG and its thumbnail (decision 107), named by the upload's SHA-256. */
export const EVIDENCE_KEY_PATTERN = /^deliverable-evidence\/\d{1,10}\/[0-9a-f]{64}(-thumb)?\.jpg$/;
/** Pictures the server made from a round, named by the round (decision 089). */
const PICTURE_KEY_PATTERN =
  /^(deliverable-proofs\/\d{1,10}\/\d{1,7}-(banner|slide|website)\.png|deliverable-variants\/\d{1,10}\/\d{1,7}\.(png|pdf))$/;
/** An issued invoice's documents, named by their SHA-256, outside the organisation's prefix (kept for retention). */
const INVOICE_KEY_PATTERN = /^invoices\/\d{1,10}\/[0-9a-f]{64}\.(pdf|xml)$/;
/** A sealed sponsor report (decision 108), per sponsorship, named by its SHA-256. */
const SPONSOR_REPORT_KEY_PATTERN = /^sponsor-reports\/\d{1,10}\/[0-9a-f]{64}\.pdf$/;
export const BLOB_PREFIX_PATTERN = /^(organisations\/\d{1,10}\/(events\/\d{1,10}\/)?|sponsor-logos\/\d{1,10}\/)$/;

export function assertBlobKey(key: string): void {
  if (
    !(
      BLOB_KEY_PATTERN.test(key) ||
      LOGO_KEY_PATTERN.test(key) ||
      INVOICE_KEY_PATTERN.test(key) ||
      SPONSOR_REPORT_KEY_PATTERN.test(key) ||
      ASSET_KEY_PATTERN.test(key) ||
      SHIPMENT_PHOTO_KEY_PATTERN.test(key) ||
      EVIDENCE_KEY_PATTERN.test(key) ||
      PICTURE_KEY_PATTERN.test(key)
    ) ||
    key.includes('..')
  ) {
    throw new Error('Invalid blob key');
  }
}

export function assertBlobPrefix(prefix: string): void {
  if (!BLOB_PREFIX_PATTERN.test(prefix)) throw new Error('Invalid blob prefix');
}
