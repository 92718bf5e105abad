// Who is chatting: the signed-in user (bearer token) or a guest with the token and e-mail of a
// sponsor invitation (spec section 6). The two use different endpoints and separate caches.
export type GuestCredentials = { token: string; email: string };
/** A subset of the API client's ApiAuth, so it can be passed to `api` as it is. */
export type ChatAuth = 'bearer' | { guest: GuestCredentials };

export function isGuest(auth: ChatAuth): auth is { guest: GuestCredentials } {
  return auth !== 'bearer';
}

/** The cache scope of a chat identity, part of every conversation query key. */
export function chatScope(auth: ChatAuth): string {
  return isGuest(auth) ? `guest:${auth.guest.email.toLowerCase()}:${auth.guest.token}` : 'me';
}

/** `/conversation` for signed-in users, `/token/conversation` for guests. */
export function conversationBasePath(auth: ChatAuth): string {
  return isGuest(auth) ? '/token/conversation' : '/conversation';
}
