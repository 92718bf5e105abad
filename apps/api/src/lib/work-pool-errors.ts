// How a task's error crosses from a worker thread to the caller (decision 097). Piscina hands the
// caller a structured clone of what the task threw, and a clone keeps an Error's message but not
// its class: an AppError (`fail('logo.unreadable', …)`) would arrive as a plain Error and be
// answered 500. So the worker throws a plain Error carrying the AppError's code, detail and fields
// as JSON in a marked message, and the pool rebuilds the AppError from it; any other error crosses
// as it is (a programming error stays a 500).
import { ERROR_STATUS, type ErrorCode } from '@sp/shared';
import { AppError } from './errors.ts';

const MARK = 'sp-app-error:';

type Crossing = { code: ErrorCode; detail: string; fields?: Record<string, string> };

/** What the worker throws for `error`: a marked Error for a known one, the error itself otherwise. */
export function crossingError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const crossing: Crossing = {
    code: error.code,
    detail: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  };
  return new Error(MARK + JSON.stringify(crossing));
}

/** The AppError the worker meant, rebuilt on the caller's thread; any other error unchanged. */
export function rebuiltError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : null;
  if (!message?.startsWith(MARK)) return error;
  try {
    const crossing = JSON.parse(message.slice(MARK.length)) as Crossing;
    if (!(crossing.code in ERROR_STATUS)) return error;
    return new AppError(crossing.code, crossing.detail, crossing.fields);
  } catch {
    return error;
  }
}
