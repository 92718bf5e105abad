import { api } from '@/lib/api-client';

/** POST /invitations/accept/{token}: joins a signed-in user to the inviting organisation. */
export async function acceptInvitation(input: { token: string; cognitoId: string; email: string }): Promise<void> {
  await api.post(`/invitations/accept/${encodeURIComponent(input.token)}`, input);
}
