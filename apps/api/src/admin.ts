// Operator commands: `npm run admin -- invitation-codes create [--uses N] [--expires-in DAYS] [--note TEXT]`
// and `npm run admin -- invitation-codes list`.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest } from './db/index.ts';
import { openDatabaseFromConfig } from './database-from-config.ts';
import { createInviteCodesRepository } from './modules/invite-codes/repository.ts';

const USAGE = `Usage:
  npm run admin -- invitation-codes create [--uses N] [--expires-in DAYS] [--note TEXT]
  npm run admin -- invitation-codes list`;

const DAY_MS = 24 * 60 * 60 * 1000;

function positiveInteger(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} expects a whole number of at least 1, got "${value}"`);
  return n;
}

class UsageError extends Error {}

export async function runAdmin(argv: string[], out: (line: string) => void = (l) => process.stdout.write(l + '\n')) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { uses: { type: 'string' }, 'expires-in': { type: 'string' }, note: { type: 'string' } },
  });
  const [area, command] = positionals;
  if (area !== 'invitation-codes' || (command !== 'create' && command !== 'list')) throw new UsageError(USAGE);

  const config = loadConfig();
  const database = openDatabaseFromConfig(config);
  try {
    await migrateToLatest(database);
    const repo = createInviteCodesRepository(database.db);
    if (command === 'create') {
      const maxUses = positiveInteger('--uses', values.uses);
      const days = positiveInteger('--expires-in', values['expires-in']);
      const code = await repo.create({
        maxUses,
        expiresAt: days ? new Date(Date.now() + days * DAY_MS) : null,
        note: values.note ?? null,
      });
      out(code);
    } else {
      const codes = await repo.list();
      if (codes.length === 0) out('No invitation codes.');
      for (const c of codes) {
        const uses = `${c.uses}/${c.maxUses ?? '∞'} uses`;
        const expiry = c.expiresAt ? `expires ${c.expiresAt.toISOString()}` : 'no expiry';
        out(`${c.code}  ${uses}  ${expiry}${c.note ? `  ${c.note}` : ''}`);
      }
    }
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  runAdmin(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError || error instanceof ConfigError ? 2 : 1);
  });
}
