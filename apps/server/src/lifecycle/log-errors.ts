import { stdSerializers } from 'pino';

/**
 * Fields of database errors that can hold what was sent to the database: a query's parameters
 * (password hashes, reset-code hashes, names, addresses) or a row's values (`Key (email)=(...)`).
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** Drizzle ends a failed query's message with its parameters: `Failed query: ...\nparams: ...`. */
const PARAMS_PART = /\nparams: [\s\S]*$/;

/** SQLSTATE class 22, data exceptions: their messages quote the value that was refused. */
const DATA_EXCEPTION = /^22/;
const QUOTED = /"(?:[^"]|"")*"/g;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error;
}

function scrubMessage(error: ErrorLike): string {
  const message = error.message.replace(PARAMS_PART, '\nparams: [not logged]');
  const code = error['code'];
  return typeof code === 'string' && DATA_EXCEPTION.test(code)
    ? message.replace(QUOTED, '"[not logged]"')
    : message;
}

/** A copy of the error, and of its causes, without the values it was given. */
function withoutValues(error: ErrorLike, depth = 0): ErrorLike {
  const message = scrubMessage(error);
  const copy = new Error(message) as ErrorLike;
  copy.name = error.name;
  copy.stack = error.stack?.replace(error.message, message);
  for (const key of Object.keys(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause') continue;
    copy[key] = error[key];
  }
  if (isErrorLike(error.cause) && depth < 5) copy.cause = withoutValues(error.cause, depth + 1);
  return copy;
}

/**
 * pino's `err` serializer, minus the values a failed query carried: a log line must never hold a
 * password, hash, token or reset code, and query parameters are where they would be.
 */
export function errorWithoutValues(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  const serialized = stdSerializers.err(withoutValues(error));
  serialized.type = error.constructor.name;
  return serialized;
}
