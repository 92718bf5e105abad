import { api } from '@/lib/api-client';

export type AcceptInvitationInput = { token: string; cognitoId: string; email: string };

/** POST /invitations/accept/{token} (spec section 7): joins the invited user to the inviting organisation. */
export async function acceptInvitation({ token, cognitoId, email }: AcceptInvitationInput): Promise<void> {
  await api.post(`/invitations/accept/${encodeURIComponent(token)}`, { token, cognitoId, email });
}
