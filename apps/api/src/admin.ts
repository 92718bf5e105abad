// Operator commands: `npm run admin -- invitation-codes create [--uses N] [--expires-in DAYS] [--note TEXT]`,
// `npm run admin -- invitation-codes list`, and `npm run admin -- agreement-archive purge` (removes
// archived signed agreements whose retention has passed; decision 010), and
// `npm run admin -- identity reset-mfa <email>` (turns off a user's two-factor sign-in; decision 023),
// `npm run admin -- identity create-user <email> [--temporary-password PW]` (an account whose owner
// chooses their own password at the first sign-in, Cognito's AdminCreateUser; prints the temporary one),
// and `npm run admin -- invoices send-reminders [--at YYYY-MM-DD] [--organisation ID]` (the payment
// reminders due as of that day, today without it, of one organisation or all; the server sends them every
// hour, the e2e test as of a later day for its own organisation only), and
// `npm run admin -- check-invariants` (lists every violated business invariant, exits 1 when any; issue 55),
// and `npm run admin -- backup <dir>` / `restore <dir>` (the passphrase from BACKUP_PASSPHRASE or asked
// for; decision 076). Each command, done or failed, leaves an entry in the operator log (decision 077);
// a restore only when it restored.
import os from 'node:os';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest, type DbHandle } from './db/index.ts';
import { openDatabaseFromConfig } from './database-from-config.ts';
import { inviteCodesOf } from './modules/invite-codes/index.ts';
import { createAgreementArchiveRepository, createAgreementArchiveService } from './modules/agreement-archive/index.ts';
import { purgeExpiredAgreements } from './modules/agreements/index.ts';
import { organisationKeyPrefix } from './modules/files/index.ts';
import { createBlobStore } from './ports/blobs/index.ts';
import { adminResetSoftwareTokenMfa } from './identity/index.ts';
import { createUserWithTemporaryPassword } from './admin-identity.ts';
import { billingSettingsReader } from './modules/billing/index.ts';
import { sendInvoiceReminders } from './modules/invoices/index.ts';
import { createMailPort } from './ports/mail/index.ts';
import { checkInvariants, describeViolations, INVARIANTS } from './invariants/index.ts';
import { createBackup, MIN_PASSPHRASE_LENGTH, restoreBackup } from './backup/index.ts';
import { normaliseEmail } from './lib/email.ts';
import { recordOperatorEntry } from './modules/operator-log/index.ts';

const USAGE = `Usage:
  npm run admin -- invitation-codes create [--uses N] [--expires-in DAYS] [--note TEXT]
  npm run admin -- invitation-codes list
  npm run admin -- agreement-archive purge
  npm run admin -- identity reset-mfa <email>
  npm run admin -- identity create-user <email> [--temporary-password PW]
  npm run admin -- invoices send-reminders [--at YYYY-MM-DD] [--organisation ID]
  npm run admin -- check-invariants
  npm run admin -- backup <dir>
  npm run admin -- restore <dir>`;

const DAY_MS = 24 * 60 * 60 * 1000;

function positiveInteger(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${name} expects a whole number of at least 1, got "${value}"`);
  return n;
}

class UsageError extends Error {}

/** The command found violations: its output lists them, and the process exits with 1. */
export class InvariantsViolated extends Error {}

/** Every business invariant over the whole database: one line per violation, then a summary. */
async function reportInvariants(database: DbHandle, now: Date | undefined, out: (line: string) => void) {
  const violations = await checkInvariants(database.db, now ? { now } : {});
  for (const line of describeViolations(violations)) out(line);
  const broken = new Set(violations.map((v) => v.invariant)).size;
  out(
    violations.length === 0
      ? `All ${INVARIANTS.length} invariants hold.`
      : `${violations.length} violation(s) of ${broken} of ${INVARIANTS.length} invariants.`,
  );
  if (violations.length > 0) throw new InvariantsViolated(`${violations.length} invariant violation(s)`);
}

/** The backup's passphrase: BACKUP_PASSPHRASE, else asked for on a terminal. */
async function backupPassphrase(env: NodeJS.ProcessEnv): Promise<string> {
  let passphrase = env.BACKUP_PASSPHRASE;
  if (passphrase === undefined && process.stdin.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    try {
      passphrase = await prompt.question('Backup passphrase: ');
    } finally {
      prompt.close();
    }
  }
  if (passphrase === undefined) throw new UsageError('Set BACKUP_PASSPHRASE, or run the command on a terminal.');
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    throw new UsageError(`The backup passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters.`);
  return passphrase;
}

/** The day the reminders are sent as of: --at (YYYY-MM-DD, noon UTC) or now. */
function reminderDay(at: string | undefined, now: Date | undefined): Date {
  if (at === undefined) return now ?? new Date();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(`${at}T12:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== at) {
    throw new UsageError(`--at expects a date as YYYY-MM-DD, got "${at}"`);
  }
  return day;
}

/** --organisation: a positive whole number, or absent (every organisation). */
function organisationOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new UsageError(`--organisation expects an organisation id, got "${value}"`);
  return Number(value);
}

/** The payment reminders due as of `at` (of one organisation, or all), into the configured mail. */
async function sendReminders(
  config: Config,
  database: DbHandle,
  at: Date,
  organisationId: number | undefined,
  out: (line: string) => void,
) {
  // A logger that writes nothing: the command's one line of output is its answer.
  const log = Fastify({ logger: false }).log;
  const mail = createMailPort(config, database.db, log);
  try {
    const { sent } = await sendInvoiceReminders(
      { db: database.db, settingsOf: billingSettingsReader(database.db), mail, log },
      at,
      organisationId,
    );
    out(`${sent} payment reminder(s) sent.`);
  } finally {
    mail.close();
  }
}

/**
 * Finishes what interrupted organisation deletions left, then removes the archived agreements whose
 * retention has passed (PDF and record).
 */
async function purgeAgreementArchive(config: Config, database: DbHandle, now: Date, out: (line: string) => void) {
  const store = await createBlobStore(config, {
    uploadPath: '/api/files/upload/',
    // Removing files signs no upload URL, so the purge needs neither the secrets key nor its check.
    tokenKeys: () => Promise.reject(new Error('The agreement purge makes no upload URLs')),
  });
  const log = {
    error: (details: Record<string, unknown>, message: string) => {
      if (config.logLevel === 'silent') return;
      const reason = details.err instanceof Error ? `: ${details.err.message}` : '';
      process.stderr.write(`${message}${reason}\n`);
    },
  };
  try {
    const archive = createAgreementArchiveService({
      repo: createAgreementArchiveRepository(database.db),
      store,
      log,
      retentionYears: config.agreementRetentionYears,
      deleteOrganisationFiles: (organisationId) => store.deletePrefix(organisationKeyPrefix(organisationId)),
      clock: () => now,
    });
    const finished = await archive.finishPendingDeletions();
    if (finished.length > 0) out(`Finished deleting the files of ${finished.length} deleted organisation(s).`);
    const purged = await archive.purgeExpired();
    out(`Removed ${purged} archived agreement(s) past their retention.`);
    const sealed = await purgeExpiredAgreements(database.db, store, now);
    if (sealed > 0) out(`Removed ${sealed} sealed agreement(s) of deleted organisations past their retention.`);
  } finally {
    store.close();
  }
}

export async function runAdmin(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  options: { env?: NodeJS.ProcessEnv; now?: Date; database?: DbHandle } = {},
) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      uses: { type: 'string' },
      'expires-in': { type: 'string' },
      note: { type: 'string' },
      at: { type: 'string' },
      organisation: { type: 'string' },
      'temporary-password': { type: 'string' },
    },
  });
  const [area, command, argument] = positionals;
  const known =
    (area === 'invitation-codes' && (command === 'create' || command === 'list')) ||
    (area === 'agreement-archive' && command === 'purge') ||
    (area === 'identity' && (command === 'reset-mfa' || command === 'create-user') && Boolean(argument)) ||
    (area === 'invoices' && command === 'send-reminders') ||
    (area === 'check-invariants' && command === undefined) ||
    ((area === 'backup' || area === 'restore') && Boolean(command) && argument === undefined);
  if (!known) throw new UsageError(USAGE);

  const config = loadConfig(options.env);
  // Before the database opens: a restore writes into an empty one, a backup reads the running one's.
  if (area === 'backup' || area === 'restore') {
    const passphrase = await backupPassphrase(options.env ?? process.env);
    let outcome = 'failed';
    try {
      await (area === 'backup' ? createBackup : restoreBackup)(config, command!, passphrase, out);
      outcome = 'done';
    } finally {
      // Logged afterwards: a backup in the database it read (its snapshot does not hold the entry), a
      // restore in the database it wrote, once there is one (a refused restore leaves the place empty).
      if (area === 'backup' || outcome === 'done') {
        await logBesideTheDatabase(config, options, area, outcome);
      }
    }
    return;
  }
  // Tests hand in their own migrated database (a PostgreSQL schema of their own); it stays open.
  const database = options.database ?? openDatabaseFromConfig(config);
  let outcome = 'failed';
  try {
    if (!options.database) await migrateToLatest(database);
    await runCommand();
    outcome = 'done';
  } finally {
    try {
      // A command that failed keeps its own error: the log's would hide why it failed.
      await logCommand(database, [area, command].filter(Boolean).join(' '), outcome, argument, options.now).catch(
        (error: unknown) => {
          if (outcome === 'done') throw error;
        },
      );
    } finally {
      if (!options.database) await database.close();
    }
  }

  async function runCommand() {
    if (area === 'identity' && command === 'create-user') {
      const temporary = await createUserWithTemporaryPassword(
        config,
        database.db,
        argument!,
        values['temporary-password'],
      );
      out(`Created ${argument!.trim()}; temporary password: ${temporary}`);
      return;
    }
    if (area === 'identity') {
      const reset = await adminResetSoftwareTokenMfa(database.db, argument!, options.now ?? new Date());
      if (!reset) throw new UsageError(`No user with the address "${argument}".`);
      out(`Two-factor sign-in turned off for ${argument}.`);
      return;
    }
    if (area === 'check-invariants') {
      await reportInvariants(database, options.now, out);
      return;
    }
    if (area === 'invoices') {
      await sendReminders(
        config,
        database,
        reminderDay(values.at, options.now),
        organisationOption(values.organisation),
        out,
      );
      return;
    }
    if (area === 'agreement-archive') {
      await purgeAgreementArchive(config, database, options.now ?? new Date(), out);
      return;
    }
    const repo = inviteCodesOf(database.db);
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
  }
}

/**
 * The command in the operator log (decision 077), after it ran, whether it succeeded or not. A command
 * about one user goes to the log of that user's organisation, naming the address; any other command,
 * and one about a user of no organisation, to the log every owner reads, naming no address.
 */
/** The entry of a command that ran beside the database: a failed one keeps its own error. */
async function logBesideTheDatabase(
  config: Config,
  options: { now?: Date; database?: DbHandle },
  command: string,
  outcome: string,
) {
  try {
    const database = options.database ?? openDatabaseFromConfig(config);
    try {
      if (!options.database) await migrateToLatest(database);
      await logCommand(database, command, outcome, undefined, options.now);
    } finally {
      if (!options.database) await database.close();
    }
  } catch (error) {
    if (outcome === 'done') throw error;
  }
}

async function logCommand(
  database: DbHandle,
  command: string,
  outcome: string,
  argument: string | undefined,
  now: Date | undefined,
) {
  const user =
    command.startsWith('identity ') && argument
      ? await database.db
          .selectFrom('user_profiles')
          .select('organisation_id')
          .where('email_normalized', '=', normaliseEmail(argument))
          .where('organisation_id', 'is not', null)
          .executeTakeFirst()
      : undefined;
  await recordOperatorEntry(database.db, {
    organisationId: user?.organisation_id ?? null,
    actor: { kind: 'operator', account: operatorAccount() },
    action: 'admin.command',
    details: { command, outcome, ...(user ? { email: argument!.trim() } : {}) },
    at: now ?? new Date(),
  });
}

/** The operating-system account that runs the command (SUDO_USER: who ran it through sudo). */
function operatorAccount(): string {
  const sudo = process.env.SUDO_USER;
  let account = 'unknown';
  try {
    account = os.userInfo().username;
  } catch {
    // No entry in the password database (a container's arbitrary uid): the variable, if any.
    account = process.env.USER ?? account;
  }
  return sudo && sudo !== account ? `${sudo} (as ${account})` : account;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  runAdmin(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError || error instanceof ConfigError ? 2 : 1);
  });
}
