// Tables of the built-in identity provider (users, codes, sessions, devices, throttling, keys) and
// the mail outbox. Secrets are stored hashed where they only need to be compared (passwords, codes,
// refresh tokens); the e-mail is unique case-insensitively through a normalised column.
import type { Kysely } from 'kysely';
import { boolType, timeType, withIdColumn, type Engine } from '../column-types.ts';

export function identity(engine: Engine) {
  const time = timeType(engine);
  const bool = boolType(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('identity_users')
        .addColumn('sub', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('email', 'varchar(320)', (col) => col.notNull())
        .addColumn('email_normalised', 'varchar(320)', (col) => col.notNull().unique())
        .addColumn('email_verified', bool, (col) => col.notNull())
        .addColumn('pending_email', 'varchar(320)')
        .addColumn('status', 'varchar(32)', (col) => col.notNull())
        .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
        .addColumn('attributes', 'text', (col) => col.notNull())
        .addColumn('totp_secret', 'varchar(64)')
        .addColumn('totp_pending_secret', 'varchar(64)')
        .addColumn('totp_enabled', bool, (col) => col.notNull())
        .addColumn('totp_last_step', 'integer')
        .addColumn('tokens_valid_after', time)
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .execute();

      await withIdColumn(engine, db.schema.createTable('identity_codes'))
        .addColumn('user_sub', 'varchar(36)', (col) =>
          col.notNull().references('identity_users.sub').onDelete('cascade'),
        )
        .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
        .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addUniqueConstraint('identity_codes_user_purpose', ['user_sub', 'purpose'])
        .execute();

      await db.schema
        .createTable('identity_sessions')
        .addColumn('origin_jti', 'varchar(36)', (col) => col.primaryKey())
        .addColumn('user_sub', 'varchar(36)', (col) =>
          col.notNull().references('identity_users.sub').onDelete('cascade'),
        )
        .addColumn('refresh_token_hash', 'varchar(64)', (col) => col.notNull().unique())
        .addColumn('client_id', 'varchar(128)', (col) => col.notNull())
        .addColumn('device_key', 'varchar(100)')
        .addColumn('auth_time', time, (col) => col.notNull())
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('expires_at', time, (col) => col.notNull())
        .addColumn('revoked_at', time)
        .execute();
      await db.schema.createIndex('identity_sessions_user').on('identity_sessions').column('user_sub').execute();

      await db.schema
        .createTable('identity_devices')
        .addColumn('device_key', 'varchar(100)', (col) => col.primaryKey())
        .addColumn('user_sub', 'varchar(36)', (col) =>
          col.notNull().references('identity_users.sub').onDelete('cascade'),
        )
        .addColumn('device_group_key', 'varchar(100)', (col) => col.notNull())
        .addColumn('name', 'varchar(256)')
        .addColumn('remembered', bool, (col) => col.notNull())
        .addColumn('password_verifier', 'text', (col) => col.notNull())
        .addColumn('salt', 'varchar(255)', (col) => col.notNull())
        .addColumn('last_ip', 'varchar(64)')
        .addColumn('created_at', time, (col) => col.notNull())
        .addColumn('updated_at', time, (col) => col.notNull())
        .addColumn('last_authenticated_at', time, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('identity_devices_user').on('identity_devices').column('user_sub').execute();

      // Keyed by the normalised e-mail, not by user, so unknown addresses are throttled alike.
      await db.schema
        .createTable('identity_lockouts')
        .addColumn('subject', 'varchar(320)', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('locked_until', time)
        .addColumn('last_failure_at', time, (col) => col.notNull())
        .execute();

      await withIdColumn(engine, db.schema.createTable('identity_throttle_events'))
        .addColumn('subject', 'varchar(320)', (col) => col.notNull())
        .addColumn('kind', 'varchar(32)', (col) => col.notNull())
        .addColumn('at', time, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('identity_throttle_events_lookup')
        .on('identity_throttle_events')
        .columns(['subject', 'kind', 'at'])
        .execute();

      await db.schema
        .createTable('identity_keys')
        .addColumn('name', 'varchar(32)', (col) => col.primaryKey())
        .addColumn('kid', 'varchar(64)', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('public_jwk', 'text')
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();

      await withIdColumn(engine, db.schema.createTable('outbox'))
        .addColumn('recipient', 'varchar(320)', (col) => col.notNull())
        .addColumn('subject', 'varchar(998)', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('html', 'text')
        .addColumn('created_at', time, (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'outbox',
        'identity_keys',
        'identity_throttle_events',
        'identity_lockouts',
        'identity_devices',
        'identity_sessions',
        'identity_codes',
        'identity_users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
