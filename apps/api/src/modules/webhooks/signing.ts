// Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and the
// base64 of its key bytes; the signature of a message is `v1,` and the base64 of HMAC-SHA256 over
// `<webhook-id>.<webhook-timestamp>.<body>`. While a rotated secret still counts, both sign, space
// separated, so a receiver that has either one accepts.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export const newWebhookSecret = (): string => PREFIX + randomBytes(24).toString('base64');

export function signatureOf(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret that signs now. */
export const signatureHeader = (
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
) => secrets.map((secret) => signatureOf(secret, messageId, timestampSeconds, body)).join(' ');

/** A message id as Standard Webhooks shows them: `msg_` and 24 random characters. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;
