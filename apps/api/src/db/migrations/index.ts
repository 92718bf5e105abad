// The ordered list of migrations. Each entry is a function of the engine so one file serves both.
import type { Migration } from 'kysely';
import type { Engine } from '../column-types.ts';
import { invitationCodes } from './0001_invitation_codes.ts';

export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '0001_invitation_codes': invitationCodes(engine),
  };
}
