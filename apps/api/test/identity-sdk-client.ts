// Test support for the conformance tests with AWS's own client (src/identity/conformance-sdk*.test.ts).
import { afterAll, beforeAll } from 'vitest';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Engine } from '../src/db/column-types.ts';
import {
  PASSWORD,
  latestCode,
  lastOutboxId,
  newInvitationCode,
  startIdentityApp,
  type IdentityTestApp,
} from '../src/identity/test-support.ts';

/**
 * The world of the AWS SDK conformance tests (conformance-sdk*.test.ts): an identity app listening on a
 * port and AWS's own client pointed at it, with sign-in, registration and the JWKS. Call it inside a
 * describe: it registers the set-up and the clean-up there.
 */
export function sdkClientWorld(engine: Engine) {
  let t: IdentityTestApp;
  let client: CognitoIdentityProviderClient;
  let ClientId: string;

  beforeAll(async () => {
    t = await startIdentityApp(engine, { listen: true });
    ClientId = t.config.identity.clientId;
    client = new CognitoIdentityProviderClient({
      region: 'eu-central-1',
      endpoint: `${t.baseUrl}/identity/`,
      credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
      maxAttempts: 1,
    });
  });
  afterAll(async () => {
    client.destroy();
    await t.close();
  });

  const signIn = (email: string, password: string) =>
    client.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  async function register(email: string, password = PASSWORD) {
    const invitationCode = await newInvitationCode(t.database.db);
    const after = await lastOutboxId(t.database.db);
    const signUp = await client.send(
      new SignUpCommand({ ClientId, Username: email, Password: password, ClientMetadata: { invitationCode } }),
    );
    const code = await latestCode(t.database.db, email, { after });
    return { signUp, code };
  }

  async function jwks() {
    const response = await fetch(`${t.baseUrl}/identity/${t.config.identity.userPoolId}/.well-known/jwks.json`);
    return (await response.json()) as { keys: Array<Record<string, string>> };
  }

  return {
    get t() {
      return t;
    },
    get client() {
      return client;
    },
    get ClientId() {
      return ClientId;
    },
    signIn,
    register,
    jwks,
  };
}
