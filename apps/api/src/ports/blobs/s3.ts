// S3 blob store (production): the browser PUTs the PDF straight to the bucket through a presigned URL
// that binds the key and `Content-Type: application/pdf` and expires after 15 minutes.
//
// A presigned PUT cannot carry a size limit (content-length-range exists only for POST policies) and
// S3 does not look at the bytes, so the files module verifies every upload when the event is saved:
// HEAD for the size, a ranged GET of the first bytes for the %PDF- header, and an object that fails
// either is deleted. Nothing the server has not verified is ever listed with an event or downloaded.
//
// Flexible checksums are limited to operations that require them: otherwise the SDK signs the CRC32
// of an empty body into presigned PUT URLs and S3 refuses every real upload.
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertBlobKey, assertBlobPrefix, type S3BlobStore } from './blob-port.ts';

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
};

export function createS3BlobStore(options: {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
}): S3BlobStore {
  const Bucket = options.bucket;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    kind: 's3',

    async createUploadUrl(target) {
      assertBlobKey(target.key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: target.key, ContentType: target.contentType }), {
        expiresIn: target.ttlSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },

    async inspect(key, headBytes) {
      assertBlobKey(key);
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if (size === 0 || headBytes === 0) return { size, head: Buffer.alloc(0) };
      try {
        const part = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${Math.min(headBytes, size) - 1}` }),
        );
        const bytes = part.Body ? Buffer.from(await part.Body.transformToByteArray()) : Buffer.alloc(0);
        return { size, head: bytes.subarray(0, headBytes) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key) {
      assertBlobKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async copy(from, to) {
      assertBlobKey(from);
      assertBlobKey(to);
      // A server-side copy: the bytes never pass through this process. Keys need no escaping beyond
      // encodeURIComponent per segment (assertBlobKey allows only [A-Za-z0-9._/-]).
      const source = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: source }));
    },

    async put(key, bytes, contentType) {
      assertBlobKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(prefix)) await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    close: () => client.destroy(),
  };
}
