// The public check of a PDF: only its SHA-256 (computed in the browser) leaves the device.
import { ZAgreementVerification } from '@sp/shared';
import { api } from '@/lib/api-client';

export function verifyAgreementHash(sha256: string) {
  return api.get(`/public/agreements/verify/${sha256}`, { schema: ZAgreementVerification, auth: 'none' });
}
