// Issue 63 point 5 through the real routes on both engines: a role change, billing settings, a member
// who joins and one removed, and an operator command each leave an entry (who and when) that the
// organisation's owner reads; a member and another organisation's owner are refused.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorLogResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { runAdmin } from '../../admin.ts';
import { loadSecretBox } from '../../identity/index.ts';
import { readOrMakeKeyFile } from '../../lib/key-file.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { requester, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';
import { billingOrganiser, SETTINGS } from '../invoices/test-support.ts';
import { recordKeyRotation } from './index.ts';

describe.each(ENGINES)('the operator log on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let other: TestUser;
  const call = requester(() => t);
  const logOf = async (user: TestUser, organisationId = user.organisationId) =>
    call('GET', `/api/organisation/${organisationId}/operator-log`, user.token);
  const entries = async () => (await logOf(owner)).json<OperatorLogResponse>().entries;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [owner, other] = await Promise.all([billingOrganiser(t, null), billingOrganiser(t, null)]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('records a role change and billing settings with who and when, for the owner to read', async () => {
    // The app's clock: when the change happened as the server tells it.
    const started = t.clock().getTime();
    expect((await call('PUT', `/api/user-profile/${owner.sub}`, owner.token, { role: 'beides' })).statusCode).toBe(200);
    const url = `/api/organisation/${owner.organisationId}/billing-settings`;
    expect((await call('PUT', url, owner.token, SETTINGS)).statusCode).toBe(200);
    // A refused change leaves nothing.
    expect((await call('PUT', url, owner.token, { ...SETTINGS, iban: 'DE00' })).statusCode).toBe(400);

    const res = await logOf(owner);
    expect(res.statusCode).toBe(200);
    const [billing, role, ...rest] = res.json<OperatorLogResponse>().entries;
    expect(billing).toMatchObject({ actor_kind: 'user', actor: owner.email, action: 'billing.settings-changed' });
    expect(role).toMatchObject({
      actor: owner.email,
      action: 'profile.role-changed',
      details: { email: owner.email, from: 'veranstalter', to: 'beides' },
    });
    expect(Date.parse(billing!.at)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(billing!.at)).toBeLessThanOrEqual(t.clock().getTime());
    expect(rest.filter((e) => e.action === 'billing.settings-changed')).toEqual([]);
    // Another organisation's entries are not in it.
    expect(
      (await logOf(other)).json<OperatorLogResponse>().entries.filter((e) => e.action !== 'admin.command'),
    ).toEqual([]);
  });

  it('records a member who joined and one the owner removed; only the owner reads the log', async () => {
    const member = await joinedMember(t, owner);
    expect((await logOf(member)).statusCode).toBe(403);
    expect((await logOf(other, owner.organisationId)).statusCode).toBe(403);
    expect((await call('GET', `/api/organisation/${owner.organisationId}/operator-log`, null)).statusCode).toBe(401);

    expect((await call('DELETE', `/api/users/${owner.organisationId}/${member.sub}`, owner.token)).statusCode).toBe(
      204,
    );
    const [removed, joined] = await entries();
    expect(removed).toMatchObject({
      actor: owner.email,
      action: 'team.member-removed',
      details: { email: member.email },
    });
    expect(joined).toMatchObject({
      actor: member.email,
      action: 'team.member-joined',
      details: { email: member.email },
    });
  });

  it('records an operator command: about a member in its organisation, any other for every owner', async () => {
    await runAdmin(['identity', 'reset-mfa', owner.email], () => undefined, { database: t.database });
    await runAdmin(['invitation-codes', 'list'], () => undefined, { database: t.database });
    await expect(
      runAdmin(['identity', 'reset-mfa', 'nobody@example.org'], () => undefined, { database: t.database }),
    ).rejects.toThrow();

    const [failed, list, reset] = await entries();
    expect(reset).toMatchObject({
      actor_kind: 'operator',
      action: 'admin.command',
      details: { command: 'identity reset-mfa', outcome: 'done', email: owner.email },
    });
    expect(reset!.actor).not.toBe('');
    expect(list).toMatchObject({ details: { command: 'invitation-codes list', outcome: 'done' } });
    // The unknown address is named nowhere: the entry is every owner's.
    expect(failed).toEqual({ ...failed, details: { command: 'identity reset-mfa', outcome: 'failed' } });
    const others = (await logOf(other)).json<OperatorLogResponse>().entries;
    expect(others.map((e) => e.details.command)).toEqual(['identity reset-mfa', 'invitation-codes list']);
  });

  // Last: the app's own key is gone after it.
  it('records a change of the secrets key for every owner, naming key ids only', async () => {
    const file = path.join(t.config.dataDir, 'keys', 'identity-secrets.key');
    const old = await readOrMakeKeyFile(file, () => Promise.reject(new Error('the app made its key file')));
    const rotate = () =>
      loadSecretBox(t.database.db, {
        key: randomBytes(32),
        previousKey: old,
        dataDir: t.config.dataDir,
        onRotated: recordKeyRotation,
      });
    await rotate();
    const [rotated] = await entries();
    expect(rotated).toMatchObject({ actor_kind: 'operator', action: 'keys.secrets-key-rotated' });
    expect(rotated!.details.from).not.toEqual(rotated!.details.to);
    expect(JSON.stringify(rotated)).not.toContain(old.toString('base64'));
    expect((await logOf(other)).json<OperatorLogResponse>().entries[0]).toEqual(rotated);
  });
});
