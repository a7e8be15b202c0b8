/**
 * PostgreSQL error codes, read through drizzle's wrapper: drizzle 0.45 throws a DrizzleQueryError
 * whose `cause` is the driver's error carrying the SQLSTATE `code`.
 */
function pgError(error: unknown): { code: string; constraint?: unknown } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const found = current as { code?: unknown; constraint?: unknown };
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) {
      return { code: found.code, constraint: found.constraint };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;

/** The constraint a failed statement broke (a unique index, a foreign key), when it names one. */
export function pgConstraint(error: unknown): string | undefined {
  const constraint = pgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

/**
 * Class 22 "data exception": a value the database cannot store or interpret (a NUL character, a
 * date out of range, a number too large). Input slipped past validation; it is the caller's to fix.
 */
export const isDataException = (error: unknown) => pgErrorCode(error)?.startsWith('22') ?? false;

/**
 * Codes that mean "the database cannot serve now" rather than "this request is wrong": the server is
 * shutting down, restarting or starting up (57P01–57P03), out of connections (53300), or the
 * connection failed (class 08, and the socket errors Node reports while a server is down or a
 * connection is cut).
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What pg and its pool say, without a code, when a connection is lost or cannot be had: the server
 * closed it, connecting took too long ("timeout expired"), the pool waited too long for a free
 * connection, or a statement was sent on a connection that had already broken (drizzle's ROLLBACK
 * after a failed statement).
 */
const UNAVAILABLE_MESSAGE =
  /^timeout expired$|timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed and is not queryable/i;

const isUnavailableCode = (code: unknown) =>
  typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code));

/**
 * The database is down, restarting, out of connections, or the pool waited too long for one: the
 * request may succeed if retried, so the answer is 503, not 500. Drizzle wraps the driver's error,
 * and a ROLLBACK that failed hides the first failure, so the whole chain of causes is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (isUnavailableCode(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
