// The compressed copies of a kept answer (read-cache/index.ts): made once per kept answer, for the
// coding the browser accepts. Compressing on every request (what @fastify/compress does for any other
// answer) cost a cached read 5 to 10 times its uncompressed time (decision 013).
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type ContentCoding = 'br' | 'gzip';

/** Below this an answer is sent as it is: compressing would save less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The content coding to answer with for an Accept-Encoding header: brotli, else gzip, else none
 * (RFC 9110, 12.5.3: a coding with q=0 is refused; `*` stands for any coding not named).
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  if (typeof acceptEncoding !== 'string' || acceptEncoding.length > MAX_REMEMBERED_LENGTH)
    return codingOf(String(acceptEncoding));
  // Clients send the same few header values: parsing one anew cost 2 % of a cached read (decision 056).
  let coding = codingByHeader.get(acceptEncoding);
  if (coding === undefined) {
    coding = codingOf(acceptEncoding);
    if (codingByHeader.size >= MAX_REMEMBERED_HEADERS) codingByHeader.clear();
    codingByHeader.set(acceptEncoding, coding);
  }
  return coding;
}

// At most 256 values of up to 200 characters: a client sending a new value each time costs 50 kB.
const MAX_REMEMBERED_HEADERS = 256;
const MAX_REMEMBERED_LENGTH = 200;
const codingByHeader = new Map<string, ContentCoding | null>();

function codingOf(acceptEncoding: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    // A malformed weight refuses the coding rather than guessing.
    const q = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), weight);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Made once per kept answer, so a middle level: most of the size win for little time. */
export function encode(coding: ContentCoding, json: Buffer): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : zlib.gzipSync(json, { level: 6 });
}

/** Adds Accept-Encoding to the reply's Vary header: the answer depends on it. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
