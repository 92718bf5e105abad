// Runs the operator command against the data directory of the server under test.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function runAdmin(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  }).trim();
}

export function createInvitationCode(options: { uses?: number } = {}): string {
  const args = ['invitation-codes', 'create'];
  if (options.uses) args.push('--uses', String(options.uses));
  return runAdmin(args);
}
