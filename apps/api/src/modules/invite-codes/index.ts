// Invitation codes: the operator's codes that admit a sign-up. Other parts use its sign-up gate and,
// for the operator's commands, its codes; the table is written here only.
import { INVITATION_CODE_MAX } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import type { SignUpGate } from '../../identity/index.ts';
import { defineModule } from '../kit.ts';
import { createInviteCodesRepository } from './repository.ts';
import { inviteCodesRoutes } from './routes.ts';

/** The codes of the database (or transaction) `db`: the operator's commands and the tests. */
export const inviteCodesOf = (db: Db) => createInviteCodesRepository(db);

/** Admits a sign-up carrying a usable invitation code (`invitationCode`) and counts its use. */
export const invitationCodeGate: SignUpGate = {
  async allowsSignUp({ metadata, now }, trx) {
    const code = metadata.invitationCode?.trim();
    if (!code || code.length > INVITATION_CODE_MAX) return false;
    return createInviteCodesRepository(trx).consume(code, now);
  },
};

export const inviteCodesModule = defineModule({
  name: 'invite-codes',
  ports: ['db'],
  setup: ({ db }) => ({
    api: {},
    routes: async (app) => app.register(inviteCodesRoutes, { inviteCodes: createInviteCodesRepository(db) }),
  }),
});
