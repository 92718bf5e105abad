// The identity provider's public face for the rest of the API: build the built-in provider (its
// routes and its token verifier) or a verifier for a real Cognito user pool, chosen by configuration.
import type { Config } from '../config.ts';
import { systemClock, type Clock } from './clock.ts';
import { createIdentityContext, type IdentityContext, type IdentityOptions } from './context.ts';
import { createBuiltinVerifier, type AccessTokenVerifier } from './verifier.ts';
import { createCognitoVerifier } from './verifier-cognito.ts';

export type { AccessTokenVerifier, AuthenticatedUser } from './verifier.ts';
export type { SignUpGate } from './sign-up-gate.ts';
export { anyGate } from './sign-up-gate.ts';
export type { IdentityContext } from './context.ts';
export type { Clock } from './clock.ts';
export { identityRoutes } from './routes.ts';
export type { SecretBox } from './secret-box.ts';
export { loadSecretBox } from './secrets-key.ts';
export { adminCreateUser, adminResetSoftwareTokenMfa } from './admin.ts';

export const issuerOf = (publicUrl: string, userPoolId: string) => `${publicUrl}/identity/${userPoolId}`;

export type BuiltinIdentity = { context: IdentityContext; verifier: AccessTokenVerifier };

export function createBuiltinIdentity(
  options: Omit<IdentityOptions, 'settings'> & { config: Config },
): BuiltinIdentity {
  const { config, ...rest } = options;
  const context = createIdentityContext({
    ...rest,
    settings: {
      userPoolId: config.identity.userPoolId,
      clientId: config.identity.clientId,
      issuer: issuerOf(config.publicUrl, config.identity.userPoolId),
      defaultLanguage: config.defaultLanguage,
      addressLimits: config.addressLimits,
    },
  });
  const verifier = createBuiltinVerifier({
    repo: context.repo,
    verifySignature: context.verifyAccessTokenSignature,
    clock: context.clock,
  });
  context.onRevoked = () => verifier.forgetRevocationStates?.();
  return { context, verifier };
}

export function createCognitoPoolVerifier(
  identity: { userPoolId: string; clientId: string; region: string },
  clock: Clock = systemClock,
): AccessTokenVerifier {
  return createCognitoVerifier({ ...identity, clock });
}
