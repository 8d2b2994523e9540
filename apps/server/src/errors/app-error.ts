/**
 * The one error type of the server. Services throw it with a kind and a message a shopper
 * understands; the error handler maps the kind to its status code
 * (`errorStatus` below).
 */
export const errorStatus = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  unprocessable: 422,
  tooManyRequests: 429,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof errorStatus;

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
    /**
     * Fields the answer's body has besides `message`, e.g. the `count` of a 409; the route's
     * response schema must name them.
     */
    readonly details: Record<string, string | number> = {},
  ) {
    super(message);
  }

  get statusCode(): number {
    return errorStatus[this.kind];
  }
}

// One helper per kind, so a service says what went wrong in a shopper's words, never a status.
export const invalid = (message: string) => new AppError('invalid', message);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('notFound', message);
export const conflict = (message: string, details?: Record<string, string | number>) =>
  new AppError('conflict', message, {}, details);
export const tooLarge = (message: string) => new AppError('tooLarge', message);
export const unsupportedMedia = (message: string) => new AppError('unsupportedMedia', message);
/** A well-formed request that contradicts an earlier one, e.g. a reused Idempotency-Key. */
export const unprocessable = (message: string) => new AppError('unprocessable', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('tooManyRequests', message, { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message: string) => new AppError('unavailable', message);
