// Test support (imported by tests only): a small S3-compatible server in the test process, enough for
// the S3 blob store: PUT (presigned), CopyObject, HEAD, GET with Range, DELETE and ListObjectsV2 on
// one bucket with path-style URLs. It verifies AWS Signature Version 4, from the query (presigned
// URLs, with their expiry) or the Authorization header, and the CRC32 checksums the SDK may sign in,
// so a signing mistake in the adapter fails here as it would against S3.
import http from 'node:http';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request as METHOD key, for assertions. */
  log: string[];
  close(): Promise<void>;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((pair) => {
    const i = pair.indexOf('=');
    const key = i < 0 ? pair : pair.slice(0, i);
    const value = i < 0 ? '' : pair.slice(i + 1);
    return [decodeURIComponent(key), decodeURIComponent(value)];
  });
}

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

function verifySignature(
  req: http.IncomingMessage,
  rawPath: string,
  query: [string, string][],
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Verdict {
  const q = new Map(query);
  const presigned = q.has('X-Amz-Algorithm');
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (presigned) {
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    signature = q.get('X-Amz-Signature') ?? '';
    amzDate = q.get('X-Amz-Date') ?? '';
    payloadHash = q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(q.get('X-Amz-Expires'));
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!Number.isFinite(expires) || !Number.isFinite(signedAt) || expires > 604800) {
      return { ok: false, status: 400, code: 'AuthorizationQueryParametersError', message: 'bad query auth' };
    }
    if (Date.now() > signedAt + expires * 1000)
      return { ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' };
  } else {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      req.headers.authorization ?? '',
    );
    if (!match) return { ok: false, status: 403, code: 'AccessDenied', message: 'Anonymous access is not allowed' };
    [, credential = '', signedHeaders = '', signature = ''] = match;
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      return { ok: false, status: 400, code: 'XAmzContentSHA256Mismatch', message: 'payload hash mismatch' };
    }
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  if (
    accessKeyId !== credentials.accessKeyId ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !date ||
    !region
  ) {
    return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'unknown access key' };
  }
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host'))
    return { ok: false, status: 403, code: 'AccessDenied', message: 'host not signed' };
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalQuery = query
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
    '\n',
  );
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature does not match' };
  }
  return { ok: true };
}

export async function startFakeS3(bucket = 'sponsoring-test'): Promise<FakeS3> {
  const credentials = { accessKeyId: 'AKIAFAKES3TEST', secretAccessKey: 'fake-s3-secret-key-for-tests' };
  const objects: FakeS3['objects'] = new Map();
  const log: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
      const query = parseQuery(rawQuery);
      const verdict = verifySignature(req, rawPath, query, body, credentials);
      if (!verdict.ok) return xmlError(res, verdict.status, verdict.code, verdict.message);

      const segments = rawPath.split('/').slice(1);
      if (segments[0] !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = segments.slice(1).map(decodeURIComponent).join('/');
      log.push(`${req.method} ${key}`);
      const params = new Map(query);

      if (!key && req.method === 'GET' && params.get('list-type') === '2') {
        const prefix = params.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const contents = keys
          .map(
            (k) =>
              `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
            `<Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys>` +
            `<IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      if (!key) return xmlError(res, 400, 'InvalidRequest', 'unsupported bucket operation');

      const copySource = req.headers['x-amz-copy-source'];
      if (req.method === 'PUT' && typeof copySource === 'string') {
        // CopyObject: x-amz-copy-source is /bucket/key or bucket/key, URL-encoded.
        const [sourceBucket, ...sourceKey] = decodeURIComponent(copySource.replace(/^\//, '')).split('/');
        const source = sourceBucket === bucket ? objects.get(sourceKey.join('/')) : undefined;
        if (!source) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        objects.set(key, { body: Buffer.from(source.body), contentType: source.contentType });
        const etag = `"${createHash('md5').update(source.body).digest('hex')}"`;
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified>` +
            `<ETag>${etag}</ETag></CopyObjectResult>`,
        );
      }
      if (req.method === 'PUT') {
        const checksum = params.get('x-amz-checksum-crc32') ?? req.headers['x-amz-checksum-crc32'];
        if (checksum !== undefined) {
          const actual = Buffer.alloc(4);
          actual.writeUInt32BE(crc32(body));
          if (actual.toString('base64') !== checksum) return xmlError(res, 400, 'BadDigest', 'CRC32 checksum mismatch');
        }
        objects.set(key, { body, contentType: req.headers['content-type'] });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'HEAD' || req.method === 'GET') {
        if (!object) {
          if (req.method === 'HEAD') {
            res.writeHead(404);
            return res.end();
          }
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        const headers = {
          'content-type': object.contentType ?? 'binary/octet-stream',
          etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
          'last-modified': new Date().toUTCString(),
          'accept-ranges': 'bytes',
        };
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (req.method === 'GET' && range) {
          const start = Number(range[1]);
          const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
          if (start >= object.body.length)
            return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
          const part = object.body.subarray(start, end + 1);
          res.writeHead(206, {
            ...headers,
            'content-length': part.length,
            'content-range': `bytes ${start}-${end}/${object.body.length}`,
          });
          return res.end(part);
        }
        res.writeHead(200, { ...headers, 'content-length': object.body.length });
        return res.end(req.method === 'GET' ? object.body : undefined);
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'method not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...credentials,
    objects,
    log,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
