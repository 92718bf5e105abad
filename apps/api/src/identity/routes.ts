// /identity: the Cognito user-pool JSON protocol (POST with X-Amz-Target) and the published keys
// (/identity/<userPoolId>/.well-known/jwks.json and openid-configuration). Everything under this
// prefix answers in Cognito's error shape from its own error handler, so AWS clients can read it.
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.ts';
import { CognitoError, internalError, invalidParameter, unknownOperation } from './errors.ts';
import { OPERATIONS } from './operations/index.ts';
import { parseBody, parseInput } from './protocol.ts';
import { sendProblem } from '../plugins/error-handler.ts';
import { identityErrorCode } from '@sp/shared';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const AMZ_JSON = 'application/x-amz-json-1.1';
const BODY_LIMIT = 64 * 1024;
const ALLOWED_HEADERS =
  'content-type, x-amz-target, x-amz-user-agent, x-amz-date, x-amz-security-token, authorization, cache-control, amz-sdk-invocation-id, amz-sdk-request';

export type IdentityRoutesOptions = { identity: IdentityContext; publicUrl: string };

function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return (
    reply
      .status(status)
      .type(AMZ_JSON)
      .header('x-amzn-requestid', randomUUID())
      // Answers carry tokens and codes: no cache may keep them.
      .header('cache-control', 'no-store')
      .send(JSON.stringify(body))
  );
}

function sendError(reply: FastifyReply, error: CognitoError) {
  void reply.header('x-amzn-errortype', error.type);
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
  // `code`: our domain code of the error (the Cognito clients read `__type` and ignore it).
  return sendJson(reply, error.statusCode, {
    __type: error.type,
    message: error.message,
    code: identityErrorCode(error.type),
  });
}

export async function identityRoutes(app: FastifyInstance, { identity, publicUrl }: IdentityRoutesOptions) {
  const ownOrigin = new URL(publicUrl).origin;
  const corsHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('vary', 'origin');
    // Same origin in this product; a preflight from our own public origin (behind a proxy) is granted, no other.
    if (request.headers.origin === ownOrigin) {
      void reply
        .header('access-control-allow-origin', ownOrigin)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, retry-after')
        .header('access-control-max-age', '600');
    }
  };

  app.addContentTypeParser(
    [AMZ_JSON, 'application/x-amz-json-1.0'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CognitoError) return sendError(reply, error);
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Wrong media type, body too large, unparsable JSON from Fastify's own parser.
      return sendError(reply, invalidParameter(error.message));
    }
    request.log.error({ err: error }, 'identity request failed');
    return sendError(reply, internalError());
  });

  app.addHook('onClose', async () => identity.settle());

  app.options('/', { schema: { hide: true } }, async (request, reply) => {
    corsHeaders(request, reply);
    return reply.status(204).header('allow', 'POST, OPTIONS').send();
  });

  app.post('/', { schema: { hide: true }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    corsHeaders(request, reply);
    const target = request.headers['x-amz-target'];
    const name =
      typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = OPERATIONS.get(name);
    if (!operation) throw unknownOperation(typeof target === 'string' ? target : '');
    const input = parseInput(operation.input, parseBody(request.body));
    const output = await operation.run(identity, input, { ip: request.ip });
    return sendJson(reply, 200, output);
  });

  const poolPath = '/:userPoolId/.well-known';
  const unknownPool = (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.params as { userPoolId: string }).userPoolId === identity.settings.userPoolId) return false;
    void sendProblem(reply, 'request.not-found', 'Not found');
    return true;
  };

  app.get(`${poolPath}/jwks.json`, { schema: { hide: true } }, async (request, reply) => {
    if (unknownPool(request, reply)) return reply;
    return reply.header('cache-control', 'public, max-age=300').send(await identity.keys.jwks());
  });

  app.get(`${poolPath}/openid-configuration`, { schema: { hide: true } }, async (request, reply) => {
    if (unknownPool(request, reply)) return reply;
    const issuer = identity.settings.issuer;
    return reply.header('cache-control', 'public, max-age=300').send({
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['aws.cognito.signin.user.admin'],
      claims_supported: [
        'sub',
        'email',
        'email_verified',
        'cognito:username',
        'aud',
        'iss',
        'exp',
        'iat',
        'auth_time',
        'token_use',
        'jti',
        'origin_jti',
        'event_id',
      ],
    });
  });
}
