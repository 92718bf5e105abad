// The process entry point behind `npm start`: validate configuration, check the data directory and
// port, migrate, make sure an invitation code exists, then serve everything from one process.
import { closeWorkPool } from './lib/work-pool.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrateToLatest } from './db/index.ts';
import { openDatabaseFromConfig } from './database-from-config.ts';
import { inviteCodesOf } from './modules/invite-codes/index.ts';
import { createScheduledBackups } from './backup/index.ts';
import { StartupError, ensurePortFree, ensureWritableDataDir } from './preflight.ts';

const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig();
  ensureWritableDataDir(config.dataDir);
  await ensurePortFree(config.port, config.host);

  const database = openDatabaseFromConfig(config);
  await migrateToLatest(database);

  const inviteCodes = inviteCodesOf(database.db);
  const invitationCode =
    (await inviteCodes.firstUsable())?.code ?? (await inviteCodes.create({ note: 'created on first start' }));

  const app = await buildApp({ config, database, webDistDir });
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Sponsoring platform is running at ${config.publicUrl}`,
    `  Data directory:   ${config.dataDir}${config.databaseUrl ? ' (database: PostgreSQL from DATABASE_URL)' : ''}`,
    `  Invitation code:  ${invitationCode}`,
    ...(config.mail.smtpUrl
      ? []
      : [
          `  Mailbox:          ${config.publicUrl}/dev/mailbox?token=${config.mail.mailboxToken}`,
          '',
          '  Warning: no SMTP_URL is set, so mail stays local: codes and invitations are not sent but',
          '  kept in the outbox, readable in the log and at the mailbox URL above (keep its token private).',
        ]),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const backups = config.backups ? createScheduledBackups(config, app.log) : null;
  backups?.start(() => new Date());

  // Stops taking connections, ends the live streams (clients reconnect, behind a load balancer to
  // another process), lets open requests, running jobs and mail finish; past the time, ends it all.
  const shutdown = async () => {
    setTimeout(() => {
      process.stderr.write(
        `Shutdown took longer than ${config.shutdownTimeoutMs / 1000} s; ending open connections.\n`,
      );
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    await app.close();
    await backups?.stop();
    await database.close();
    // The document threads end after the jobs they run (the invoice jobs waited in app.close).
    await closeWorkPool();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nThe platform could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
    );
  }
  process.exit(1);
});
