// Who asks about an agreement: the signed-in user (sponsor account or organiser) or a sponsor with
// the invitation link (guest access, "token:email").
import type { ApiAuth } from '@/lib/api-client';

export type AgreementViewer = { kind: 'user' } | { kind: 'guest'; token: string; email: string };

export const authOf = (viewer: AgreementViewer): ApiAuth =>
  viewer.kind === 'guest' ? { guest: { token: viewer.token, email: viewer.email } } : 'bearer';

export const viewerKey = (viewer: AgreementViewer) => (viewer.kind === 'guest' ? `guest:${viewer.email}` : 'me');
