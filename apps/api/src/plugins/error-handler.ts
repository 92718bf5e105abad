// The single error handler: maps validation, AppError and Fastify's own errors to the wire shape,
// and masks every 5xx so no internals leak.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@sp/shared';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function fieldsFromValidation(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const issuePath = params?.issue?.path;
    const fromPath = Array.isArray(issuePath) ? issuePath.map(String).join('.') : '';
    const fromInstance = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = fromPath || fromInstance || error.validationContext || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** PostgreSQL's "invalid byte sequence" (22021) and "untranslatable character" (22P05). */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/** Errors raised before routing (malformed URL encoding, bad content type) get the one error shape. */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).type('application/json; charset=utf-8').send({ message: 'Bad request', code: 'BAD_REQUEST' });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { message: 'Internal server error', code: 'INTERNAL' };

    if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      status = 400;
      body = { message: 'Validation failed', code: 'VALIDATION_FAILED', fields: fieldsFromValidation(error) };
    } else if (isUnstorableText(error)) {
      // PostgreSQL cannot hold NUL in text: such input is the client's mistake, not a server fault.
      status = 400;
      body = { message: 'Text contains characters that cannot be stored', code: 'BAD_REQUEST' };
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message, code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST' };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
