/**
 * The errors services throw. The error middleware maps each code to one HTTP status, so services
 * never know about HTTP and routes never pick status codes for failures.
 */
export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'unavailable';

export const HTTP_STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
} as const satisfies Record<AppErrorCode, number>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: {
      fieldErrors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      /** Facts a client acts on, sent beside the message (a 409's `ticketCount`, issue 38). */
      body?: Record<string, string | number | boolean>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('bad_request', message, { fieldErrors });
export const notFound = (message: string) => new AppError('not_found', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('conflict', message, { fieldErrors });
