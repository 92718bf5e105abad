// The shape of an operation of the Cognito JSON protocol: a zod schema for its input (members that
// AWS clients send as null count as absent) and a function from input to output. Input that does not
// fit is refused with InvalidParameterException in Cognito's wording, never with a 5xx.
import { z } from 'zod';
import type { IdentityContext } from './context.ts';
import { invalidParameter } from './errors.ts';

export type RequestInfo = { ip: string };

export type Operation<S extends z.ZodType = z.ZodType> = {
  input: S;
  run(ctx: IdentityContext, input: z.infer<S>, request: RequestInfo): Promise<Record<string, unknown>>;
};

export const defineOperation = <S extends z.ZodType>(
  input: S,
  run: (ctx: IdentityContext, input: z.infer<S>, request: RequestInfo) => Promise<Record<string, unknown>>,
): Operation<S> => ({ input, run });

const TOKEN = /^[A-Za-z0-9\-_=.]+$/;

export const Z = {
  clientId: z.string().min(1).max(128),
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(256),
  code: z.string().min(1).max(2048),
  token: z.string().min(1).max(16384).regex(TOKEN, 'Member must satisfy regular expression pattern: [A-Za-z0-9-_=.]+'),
  session: z.string().min(20).max(4096).nullish(),
  attributes: z.array(z.object({ Name: z.string().min(1).max(32), Value: z.string().nullish() })).max(100),
  clientMetadata: z.record(z.string(), z.string()).nullish(),
  stringMap: z.record(z.string(), z.string().nullish()),
  deviceKey: z.string().min(1).max(55),
};

function memberName(path: PropertyKey[]): string {
  const text = path.map(String).join('.');
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : 'body';
}

export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5);
  const details = issues.map((issue) => {
    const constraint =
      issue.code === 'invalid_type' && issue.input === undefined ? 'Member must not be null' : issue.message;
    return `Value at '${memberName(issue.path)}' failed to satisfy constraint: ${constraint}`;
  });
  const count = parsed.error.issues.length;
  throw invalidParameter(`${count} validation error${count === 1 ? '' : 's'} detected: ${details.join('; ')}`);
}

/** The JSON body of a request: a string from the x-amz-json parser, or an object from Fastify's JSON parser. */
export function parseBody(body: unknown): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw invalidParameter('The request body is not valid JSON.');
    }
  }
  if (body !== null && typeof body === 'object') return body;
  throw invalidParameter('The request body must be a JSON object.');
}
