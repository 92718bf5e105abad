// Test support for invitations and the team (imported by tests only): invite, sign up with the link's
// token instead of an invitation code, sign in and accept.
import {
  PASSWORD,
  callIdentity,
  lastOutboxId,
  latestCode,
  uniqueEmail,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import type { TestUser } from '../events/test-support.ts';

export type SignedIn = { sub: string; email: string; token: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** SignUp carrying only an invitation token; answers the protocol status and body. */
export async function signUpWithInvitation(t: IdentityTestApp, email: string, invitationToken: string) {
  return callIdentity(t.app, 'SignUp', {
    ClientId: t.config.identity.clientId,
    Username: email,
    Password: PASSWORD,
    ClientMetadata: { invitationToken },
  });
}

export async function signIn(t: IdentityTestApp, email: string): Promise<string> {
  const res = await callIdentity(t.app, 'InitiateAuth', {
    ClientId: t.config.identity.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: PASSWORD },
  });
  if (res.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(res.body)}`);
  return res.body.AuthenticationResult!.AccessToken;
}

/** Signs up with the token, confirms with the mailed code and signs in. */
export async function registerWithInvitation(
  t: IdentityTestApp,
  email: string,
  invitationToken: string,
): Promise<SignedIn> {
  const after = await lastOutboxId(t.database.db);
  const signUp = await signUpWithInvitation(t, email, invitationToken);
  if (signUp.status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  const code = await latestCode(t.database.db, email, { after });
  const confirm = await callIdentity(t.app, 'ConfirmSignUp', {
    ClientId: t.config.identity.clientId,
    Username: email,
    ConfirmationCode: code,
  });
  if (confirm.status !== 200) throw new Error(`ConfirmSignUp failed: ${JSON.stringify(confirm.body)}`);
  return { sub: signUp.body.UserSub!, email, token: await signIn(t, email) };
}

export async function invite(t: IdentityTestApp, inviter: { token: string }, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: bearer(inviter.token),
    payload: { email },
  });
  if (res.statusCode !== 201) throw new Error(`Invitation failed: ${res.body}`);
  return res.json<{ token: string; url: string; organisation_id: number; role: string; expires_at: string }>();
}

export async function accept(t: IdentityTestApp, user: SignedIn, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/invitations/accept/${token}`,
    headers: bearer(user.token),
    payload: { token, cognitoId: user.sub, email: user.email },
  });
}

/** A new user who joins the inviter's organisation through an invitation link. */
export async function joinedMember(t: IdentityTestApp, inviter: TestUser): Promise<TestUser> {
  const email = uniqueEmail('member');
  const invitation = await invite(t, inviter, email);
  const user = await registerWithInvitation(t, email, invitation.token);
  const res = await accept(t, user, invitation.token);
  if (res.statusCode !== 200) throw new Error(`Accept failed: ${res.body}`);
  return { ...user, organisationId: inviter.organisationId };
}
