// The single error handler: maps validation, AppError and Fastify's own errors to the wire shape,
// and masks every 5xx so no internals leak.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { ERROR_STATUS, problemType, type ApiErrorBody, type ErrorCode } from '@sp/shared';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'request.invalid',
  401: 'auth.unauthenticated',
  403: 'request.forbidden',
  404: 'request.not-found',
  409: 'request.conflict',
  413: 'request.too-large',
  415: 'request.unsupported-media-type',
  429: 'request.rate-limited',
};

/** The RFC 9457 problem document of an error with this code (its status follows from the code). */
export function problem(code: ErrorCode, detail: string, fields?: Record<string, string>): ApiErrorBody {
  const status = ERROR_STATUS[code];
  return {
    type: problemType(code),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(fields ? { fields } : {}),
  };
}

/** The code of an error status that has no domain code (Fastify's own errors, unknown routes). */
export const codeForStatus = (status: number): ErrorCode => CODE_BY_STATUS[status] ?? 'request.invalid';

/** Sends a problem document (for replies outside the error handler, e.g. an unknown path). */
export function sendProblem(reply: FastifyReply, code: ErrorCode, detail: string) {
  return reply.status(ERROR_STATUS[code]).type(PROBLEM_JSON).send(problem(code, detail));
}

/** RFC 9457's media type; JSON parsers take it as JSON. */
const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

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
  void reply
    .code(status)
    .type(PROBLEM_JSON)
    .send({ ...problem(codeForStatus(status), 'Bad request'), status });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody = problem('server.internal', 'Internal server error');

    if (error instanceof AppError) {
      body = problem(error.code, error.message, error.fields);
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      body = problem('request.validation-failed', 'Validation failed', fieldsFromValidation(error));
    } else if (isUnstorableText(error)) {
      // PostgreSQL cannot hold NUL in text: such input is the client's mistake, not a server fault.
      body = problem('request.invalid-text', 'Text contains characters that cannot be stored');
    } else if (isResponseSerializationError(error)) {
      // stays the masked 500
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors keep their status (405, 406, ...) under the nearest code.
      body = { ...problem(codeForStatus(error.statusCode), error.message), status: error.statusCode };
    }

    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(body.status).type(PROBLEM_JSON).send(body);
  });
}
