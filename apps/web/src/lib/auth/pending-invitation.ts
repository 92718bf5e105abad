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

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage disabled: the verify page then asks the user to sign in by hand.
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

export function storePendingInvitation({ token, password }: { token: string; password: string }): void {
  write(() => localStorage, STORAGE_KEYS.invitationToken, token);
  write(() => sessionStorage, STORAGE_KEYS.pendingPassword, password);
}

export function readPendingPassword(): string | null {
  return read(() => sessionStorage, STORAGE_KEYS.pendingPassword);
}

export function clearPendingInvitation(): void {
  remove(() => sessionStorage, STORAGE_KEYS.pendingPassword);
  remove(() => localStorage, STORAGE_KEYS.invitationToken);
}
