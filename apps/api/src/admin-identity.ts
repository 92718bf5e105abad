// The operator's `identity create-user`: an account with a temporary password, as Cognito's
// AdminCreateUser makes one. Its owner signs in with it and must choose their own password before the
// sign-in completes (NEW_PASSWORD_REQUIRED); the address counts as verified, since the operator vouches
// for it. Nothing is mailed: the operator hands the temporary password over.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { adminCreateUser, createBuiltinIdentity, loadSecretBox } from './identity/index.ts';
import { createMailPort } from './ports/mail/index.ts';

/** 16 random characters plus one of each class the password policy asks for (about 96 bits). */
export function randomTemporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}-Q7z`;
}

/** Creates the user and answers the temporary password (the given one, or a random one). */
export async function createUserWithTemporaryPassword(
  config: Config,
  db: Db,
  email: string,
  temporaryPassword: string | undefined,
): Promise<string> {
  if (config.identity.kind === 'cognito') {
    throw new Error('The identity provider is a Cognito user pool: create the user there (AdminCreateUser).');
  }
  const log = Fastify({ logger: false }).log;
  const mail = createMailPort(config, db, log);
  try {
    const secrets = await loadSecretBox(db, { ...config.secrets, dataDir: config.dataDir });
    const { context } = createBuiltinIdentity({ config, db, mail, log, secrets });
    const password = temporaryPassword ?? randomTemporaryPassword();
    await adminCreateUser(context, { email, temporaryPassword: password, language: 'en' });
    return password;
  } finally {
    mail.close();
  }
}
