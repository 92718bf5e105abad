// Builds the ports every module may declare (db, blobs, mail, bus as typed domain events, the
// identity provider's account deletion, the read cache, the signed tokens' keys, the documents made
// once) once per app, from configuration or from what a test passes in, and closes the ones it
// opened when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { serverTokenKeys } from './db/server-secrets.ts';
import type { BuiltinIdentity, Clock, SecretBox } from './identity/index.ts';
import { createDocumentCache, type DocumentCache } from './lib/document-cache.ts';
import { createReadCache } from './read-cache/index.ts';
import { createDomainEvents } from './modules/domain-events.ts';
import type { WorkGauge } from './lib/work-gauge.ts';
import type { Ports } from './modules/kit.ts';
import { createBlobStore, UPLOAD_TOKENS, type BlobStore } from './ports/blobs/index.ts';
import { createMessageBus, type MessageBus } from './ports/bus/index.ts';
import { createMailPort, type MailPort } from './ports/mail/index.ts';

/** Memory for the read cache: bench data (50 conversations of 200 messages, both sides) takes ~8 MB. */
const READ_CACHE_BYTES = 32 * 1024 * 1024;

export type PortOverrides = {
  mail?: MailPort;
  blobs?: BlobStore;
  bus?: MessageBus;
  clock?: Clock;
  documents?: DocumentCache;
};

/** The mail port first: the identity provider needs it before the other ports exist. */
export function createMail(app: FastifyInstance, config: Config, database: DbHandle, given?: MailPort): MailPort {
  if (given) return given;
  const mail = createMailPort(config, database.db, app.log);
  app.addHook('onClose', async () => mail.close());
  return mail;
}

export async function createPorts(
  app: FastifyInstance,
  options: {
    config: Config;
    database: DbHandle;
    mail: MailPort;
    identity: BuiltinIdentity | null;
    secrets: SecretBox;
    /** The metrics' job counts; without metrics a job just runs. */
    work?: WorkGauge;
  },
  given: PortOverrides,
): Promise<Ports> {
  const { config, database, identity, secrets } = options;
  const tokenKeys: Ports['tokenKeys'] = (secret) => serverTokenKeys(database.db, secret, secrets.deriveTokenKeys);
  const blobs =
    given.blobs ??
    (await createBlobStore(config, { uploadPath: '/api/files/upload/', tokenKeys: tokenKeys(UPLOAD_TOKENS) }));
  if (!given.blobs) app.addHook('onClose', async () => blobs.close());
  const bus = given.bus ?? createMessageBus(database, config.databaseUrl, app.log);
  if (!given.bus) app.addHook('onClose', async () => bus.close());
  return {
    config,
    database,
    db: database.db,
    blobs,
    mail: options.mail,
    events: createDomainEvents(bus, app.log),
    // Deleting an account removes the identity user too. With a real Cognito pool that needs
    // AdminDeleteUser and AWS credentials, which this server does not hold: the web app then calls
    // DeleteUser itself with the user's own token.
    identity: {
      deleteUser: async (sub) => {
        if (!identity) return;
        await identity.context.repo.deleteUser(sub);
        identity.verifier.forgetRevocationStates?.();
      },
    },
    log: app.log,
    clock: given.clock,
    // The one place answers are kept in memory, under the contract of read-cache/index.ts (decision 094).
    readCache: createReadCache({ maxBytes: READ_CACHE_BYTES, changes: database.changes, db: database.db }),
    tokenKeys,
    secrets,
    // Documents made from a snapshot alone, kept by a hash of it (decision 068).
    documents: given.documents ?? createDocumentCache(),
    work: options.work ?? { track: (_job, run) => run() },
  };
}
