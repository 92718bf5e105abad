// One attempt of one delivery: a POST of the signed body, no redirect followed (a 3xx is an answer
// like any other and counts as failed), the answer's status and its first 1,000 characters kept, the
// whole attempt bounded by a time-out so a slow receiver costs a timer, never the product's requests.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress, RefusedAddressError } from './address-guard.ts';

export const RESPONSE_EXCERPT = 1_000;

export type AttemptResult = { kind: 'answered'; status: number; excerpt: string } | { kind: 'failed'; error: string };

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };

export function sendWebhook(
  request: WebhookRequest,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ kind: 'failed', error: 'invalid address' });
  }
  // node:net connects to an IP address without a lookup: judged here instead.
  const host = hostOf(url);
  if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ kind: 'failed', error: `refused: ${host} is in a private network` });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'sponsoring-platform-webhooks/1',
        },
        lookup: guardedLookup(options.allowPrivate) as unknown as net.LookupFunction,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < RESPONSE_EXCERPT * 4) {
            chunks.push(chunk);
            length += chunk.length;
          }
        });
        const finish = () =>
          done({
            kind: 'answered',
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT),
          });
        response.on('end', finish);
        response.on('error', finish);
        // Enough read for the log: the rest is not waited for.
        response.on('data', () => {
          if (length >= RESPONSE_EXCERPT * 4) {
            finish();
            response.destroy();
          }
        });
      },
    );
    const timer = setTimeout(() => {
      done({ kind: 'failed', error: `no answer within ${options.timeoutMs} ms` });
      outgoing.destroy();
    }, options.timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const cause = error instanceof RefusedAddressError || error.cause instanceof RefusedAddressError;
      done({
        kind: 'failed',
        error: cause ? `refused: ${error.message}` : `${error.code ?? 'error'}: ${error.message}`.slice(0, 300),
      });
    });
    outgoing.end(request.body);
  });
}
