/**
 * What the invite page leaves for the verify page (spec section 9 storage keys): the invitation
 * token in localStorage and the chosen password in sessionStorage (never localStorage: it is a
 * password, and it only has to survive until the e-mail is confirmed in the same tab).
 */
import { STORAGE_KEYS } from '@sp/shared';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

export function readPendingPassword(): string | null {
  return read(() => sessionStorage, STORAGE_KEYS.pendingPassword);
}

export function clearPendingInvitation(): void {
  remove(() => sessionStorage, STORAGE_KEYS.pendingPassword);
  remove(() => localStorage, STORAGE_KEYS.invitationToken);
}
