// Sending a sponsor's invitation again, as a reminder: a new link (the earlier stops working); the
// organiser's list shows nothing new, so nothing refetches.
import { useMutation } from '@tanstack/react-query';
import { ZRemindSponsorResponse } from '@sp/shared';
import { api } from '@/lib/api-client';

/** POST /sponsorships/{id}/invitation */
export async function remindSponsor(id: number): Promise<{ sentAt: string }> {
  const wire = await api.post(`/sponsorships/${id}/invitation`, undefined, { schema: ZRemindSponsorResponse });
  return { sentAt: wire.sent_at };
}

export function useRemindSponsor() {
  return useMutation({ mutationFn: (id: number) => remindSponsor(id) });
}
