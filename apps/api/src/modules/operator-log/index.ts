// The operator log (issue 63 point 5, decision 077): the one writer of operator_log. Modules whose
// changes it records call recordOperatorEntry with their own transaction; the owner reads it here.
import os from 'node:os';
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { recordOperatorEntry } from './repository.ts';
import { operatorLogRoutes } from './routes.ts';

export { recordOperatorEntry } from './repository.ts';

/**
 * The secrets key changed (IDENTITY_SECRETS_KEY_PREVIOUS at a start, decision 045): an entry for every
 * owner, in the transaction that seals the secrets again, naming the key ids (never a key).
 */
export const recordKeyRotation = (trx: Db, change: { from: string; to: string }) =>
  recordOperatorEntry(trx, {
    organisationId: null,
    actor: { kind: 'operator', account: `${os.hostname()} (server start)` },
    action: 'keys.secrets-key-rotated',
    details: { from: change.from, to: change.to },
    at: new Date(),
  });

export const operatorLogModule = defineModule({
  name: 'operator-log',
  ports: ['db'],
  setup: ({ db, use }) => ({
    api: {},
    routes: async (app) => app.register(operatorLogRoutes, { db, access: use('access', 'events') }),
  }),
});
