// Backups that restore (issue 63; decision 076): the admin commands' public face.
export { createBackup } from './backup.ts';
export { restoreBackup } from './restore.ts';
export { createScheduledBackups } from './schedule.ts';
export { MIN_PASSPHRASE_LENGTH } from './sealed-keys.ts';
