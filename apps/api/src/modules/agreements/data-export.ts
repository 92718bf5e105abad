// What the data export (GDPR art. 15/20) shows of agreements: the sealed agreements of the caller's
// sponsor address (with where to download them) and every signature and audit entry the caller's
// address gave, with the IP address and user agent recorded as evidence (decision 025).
import type { Db } from '../../db/index.ts';
import { fromDbTime } from '../../db/values.ts';
import { createAgreementsRepository } from './repository.ts';

export async function agreementsExport(db: Db, emailNormalized: string) {
  const sealed = await createAgreementsRepository(db).signedForSponsor(emailNormalized);
  const signatures = await db
    .selectFrom('agreement_signatures')
    .select(['sponsorship_id', 'side', 'full_name', 'position', 'email', 'signed_at', 'ip', 'user_agent'])
    .select(['document_sha256', 'voided_at'])
    .where('email', '=', emailNormalized)
    .orderBy('id')
    .execute();
  const audit = await db
    .selectFrom('agreement_audit')
    .select(['sponsorship_id', 'at', 'kind', 'side', 'ip', 'user_agent', 'document_sha256'])
    .where('actor', '=', emailNormalized)
    .orderBy('id')
    .execute();
  return {
    sealed: sealed.map((r) => ({
      sponsorship_id: r.sponsorshipId,
      sha256: r.sha256,
      completed_at: r.completedAt.toISOString(),
      retain_until: r.retainUntil.toISOString(),
      signers: r.signers,
      download_path: `/api/sponsorships/${r.sponsorshipId}/agreement/signed.pdf`,
    })),
    signatures: signatures.map((s) => ({
      ...s,
      signed_at: fromDbTime(s.signed_at).toISOString(),
      voided_at: s.voided_at === null ? null : fromDbTime(s.voided_at).toISOString(),
    })),
    audit: audit.map((a) => ({ ...a, at: fromDbTime(a.at).toISOString() })),
  };
}
