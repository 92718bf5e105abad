import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { StartupError, ensurePortFree, ensureWritableDataDir } from './preflight.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('starts with embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      defaultLanguage: 'de',
      identity: { kind: 'builtin', userPoolId: 'local_SponsoringPlatform' },
      mail: { smtpUrl: undefined },
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ USER_POOL_ID: 'no-underscore' }, 'USER_POOL_ID'],
    [{ USER_POOL_ID: `eu_${'a'.repeat(60)}` }, 'USER_POOL_ID'],
    [{ DEFAULT_LANGUAGE: 'fr' }, 'DEFAULT_LANGUAGE'],
    [{ COGNITO_USER_POOL_ID: 'eu-central-1_abc' }, 'COGNITO_USER_POOL_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ IDENTITY_SECRETS_KEY: 'c2hvcnQ=' }, 'IDENTITY_SECRETS_KEY'],
    [{ IDENTITY_SECRETS_KEY_PREVIOUS: Buffer.alloc(32, 1).toString('base64') }, 'IDENTITY_SECRETS_KEY'],
  ])('refuses %o, naming the variable and what it expects', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(new RegExp(`^${variable}: expected `, 'm'));
  });

  it('takes the secrets key and the one before it as 32 bytes each, with either identity provider', () => {
    const key = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    const config = loadConfig({
      IDENTITY_SECRETS_KEY: key.toString('base64'),
      IDENTITY_SECRETS_KEY_PREVIOUS: previous.toString('base64'),
    });
    expect(config.secrets).toEqual({ key, previousKey: previous });
    expect(loadConfig({}).secrets).toEqual({ key: null, previousKey: null });
    const cognito = {
      COGNITO_USER_POOL_ID: 'eu-central-1_abc',
      COGNITO_CLIENT_ID: 'client',
      COGNITO_REGION: 'eu-central-1',
    };
    expect(loadConfig({ ...cognito, IDENTITY_SECRETS_KEY: key.toString('base64') }).secrets.key).toEqual(key);
  });

  it('uses a real Cognito pool when all three variables are set', () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'eu-central-1_AbCdEf123',
      COGNITO_CLIENT_ID: 'abc123',
      COGNITO_REGION: 'eu-central-1',
    });
    expect(config.identity).toEqual({
      kind: 'cognito',
      userPoolId: 'eu-central-1_AbCdEf123',
      clientId: 'abc123',
      region: 'eu-central-1',
    });
  });
});

describe('preflight checks before any data is touched', () => {
  it('refuses a data directory that cannot be written, with a clear message', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pre-')), 'a-file');
    fs.writeFileSync(file, 'not a folder');
    expect(() => ensureWritableDataDir(path.join(file, 'data'))).toThrow(StartupError);
    expect(() => ensureWritableDataDir(path.join(file, 'data'))).toThrow(/cannot be written.*Set DATA_DIR/);
  });

  it('refuses a port that is already in use, with a clear message', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await expect(ensurePortFree(port, '127.0.0.1')).rejects.toThrow(/already in use/);
    } finally {
      server.close();
    }
  });
});
