// Who may see and change what (issue 56 point 4): the organiser checks of events and the sponsor and
// guest checks of invitation links, in the lowest module, which uses no other. Every module that
// guards a route asks it, so none of them needs the events or invitations module for that.
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createEventAccess, type EventAccess, type SponsorAccess } from './event-access.ts';
import { createAccessRepository } from './repository.ts';
import { createSponsorAccess } from './sponsor-access.ts';

export type { Caller, EventAccess, SponsorAccess } from './event-access.ts';
export type { EventRecord } from './repository.ts';
export { createAccessRepository, eventColumns, toEvent } from './repository.ts';
export { hashInvitationToken, looksLikeInvitationToken, newInvitationToken } from './invitation-tokens.ts';

export type AccessApi = {
  /** The organiser checks, and who may download an event's files. */
  events: EventAccess;
  /** Whether an address or a guest link names a sponsorship (or one of an event). */
  sponsors: SponsorAccess;
};

/** The access rules on a database, for a test or a tool outside the running app. */
export function createAccess(db: Db, clock: () => Date = () => new Date()): AccessApi {
  const repo = createAccessRepository(db);
  const sponsors = createSponsorAccess(repo, clock);
  return { events: createEventAccess(repo, { sponsors }), sponsors };
}

export const accessModule = defineModule({
  name: 'access',
  ports: ['db', 'clock'],
  setup: ({ db, clock }) => ({ api: createAccess(db, clock) }),
});

declare module '../kit.ts' {
  interface ModuleApis {
    access: AccessApi;
  }
}
