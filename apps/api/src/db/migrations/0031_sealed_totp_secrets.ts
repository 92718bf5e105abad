import { sql, type Kysely } from 'kysely';
import type { Engine } from '../column-types.ts';

// Two-factor secrets are stored sealed (decision 045): "v1." and the base64url of IV, ciphertext and
// tag, 83 characters for a 32-character secret, more than the varchar(64) of 0002. SQLite does not
// enforce varchar lengths. The sealing itself needs the key, which migrations do not have: the
// server seals the secrets still stored plain at start (identity/secrets-key.ts).
export function sealedTotpSecrets(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await sql`alter table identity_users alter column totp_secret type varchar(128)`.execute(db);
      await sql`alter table identity_users alter column totp_pending_secret type varchar(128)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      // The release before cannot open sealed secrets anyway: its users set the authenticator up again.
      await sql`update identity_users set totp_secret = null, totp_pending_secret = null, totp_enabled = false
        where length(totp_secret) > 64 or length(totp_pending_secret) > 64`.execute(db);
      await sql`alter table identity_users alter column totp_secret type varchar(64)`.execute(db);
      await sql`alter table identity_users alter column totp_pending_secret type varchar(64)`.execute(db);
    },
  };
}
