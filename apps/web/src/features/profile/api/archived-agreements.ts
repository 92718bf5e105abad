/**
 * Signed agreements kept after their organisation deleted itself (legal retention, decision 010):
 * GET /archived-agreements (the signed-in sponsor's own) and the PDF of one, which needs the bearer
 * token and so is fetched and saved as a blob.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ArchivedAgreementWire } from '@sp/shared';
import { api } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { queryKeys } from '@/lib/query-keys';

export type ArchivedAgreement = {
  id: number;
  organisationName: string;
  eventTitle: string;
  /** YYYY-MM-DD */
  eventDate: string;
  amountCents: number | null;
  fileName: string;
  signedUploadedAt: string;
  retainUntil: string;
};

function toArchivedAgreement(wire: ArchivedAgreementWire): ArchivedAgreement {
  return {
    id: wire.id,
    organisationName: wire.organisation_name,
    eventTitle: wire.event_title,
    eventDate: wire.event_date,
    amountCents: wire.amount_cents,
    fileName: wire.file_name,
    signedUploadedAt: wire.signed_uploaded_at,
    retainUntil: wire.retain_until,
  };
}

export async function listArchivedAgreements(options: { signal?: AbortSignal } = {}): Promise<ArchivedAgreement[]> {
  const wire = await api.get('/archived-agreements', {
    schema: () => import('./archived-agreements-schema').then((module) => module.ZListArchivedAgreementsResponse),
    signal: options.signal,
  });
  return wire.map(toArchivedAgreement);
}

export function archivedAgreementsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.archivedAgreements,
    queryFn: ({ signal }) => listArchivedAgreements({ signal }),
  });
}

/** GET /archived-agreements/{id}/file with the bearer token, saved under the agreement's file name. */
export async function downloadArchivedAgreement(agreement: Pick<ArchivedAgreement, 'id' | 'fileName'>): Promise<void> {
  const { data } = await api.getBlob(`/archived-agreements/${agreement.id}/file`);
  saveBlobAs(data, agreement.fileName);
}
