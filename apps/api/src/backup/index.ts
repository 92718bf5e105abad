// Backups that restore (issue 63; decision 076): the admin commands' public face.
export { createBackup } from './backup.ts';
export { restoreBackup } from './restore.ts';
export { BackupRefusedError } from './manifest.ts';
export { MIN_PASSPHRASE_LENGTH, WrongPassphraseError } from './sealed-keys.ts';
