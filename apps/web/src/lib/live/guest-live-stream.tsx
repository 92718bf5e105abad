// A guest sponsor's live connection while their invitation page is open: what the organisation
// changes in the sponsorship (confirmation, deliverables, invoices) shows without a reload.
import { useLiveStream } from './use-live-stream';

export function GuestLiveStream({ token, email }: { token: string; email: string }) {
  useLiveStream({ guest: { token, email } });
  return null;
}
