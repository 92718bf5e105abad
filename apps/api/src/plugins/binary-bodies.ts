// Raw bodies that a route needs only the SHA-256 of (the public verification of a PDF): hashed as the
// chunks arrive and never held whole, so memory stays at one chunk whatever the size, and the work is
// one native hash update per chunk (issue 57, decision 063). Past the limit the body is refused with
// 413 as soon as it passes it, by its declared length before a byte is read. What is counted is what
// the route gets: after request decompression (@fastify/compress) a body counts as it unpacks, and
// its encoded length counts too.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fail } from '../lib/errors.ts';

/** What the route gets: a class instance, so no body check takes it for parsed JSON. */
export class HashedBody {
  constructor(
    readonly sha256: string,
    readonly bytes: number,
  ) {}
}

type Payload = Readable & { receivedEncodedLength?: number };
type Done = (error: Error | null, body?: HashedBody) => void;

/** A Fastify content-type parser that hands the route a HashedBody instead of the body. */
export function hashingParser(limit: number, what = 'The body') {
  const tooLarge = () => fail('request.too-large', `${what} may have at most ${limit} bytes`);
  return (request: FastifyRequest, payload: Payload, done: Done) => {
    if (Number(request.headers['content-length']) > limit) return done(tooLarge());
    const hash = createHash('sha256');
    let bytes = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    function onData(chunk: Buffer | string) {
      bytes += chunk.length;
      if (bytes > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop();
        return done(tooLarge());
      }
      hash.update(chunk);
    }
    function onEnd() {
      stop();
      done(null, new HashedBody(hash.digest('hex'), bytes));
    }
    function onError(error: Error & { statusCode?: number }) {
      stop();
      // A body broken off by the client is its error, as with Fastify's own parsers.
      if (typeof error.statusCode !== 'number') error.statusCode = 400;
      done(error);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  };
}
