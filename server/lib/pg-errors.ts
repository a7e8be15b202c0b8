/**
 * PostgreSQL error codes, read through drizzle's wrapper: drizzle 0.45 throws a DrizzleQueryError
 * whose `cause` is the driver's error carrying the SQLSTATE `code`.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === '23503';

/**
 * Class 22 "data exception": a value the database cannot store or interpret (a NUL character, a
 * date out of range, a number too large). Input slipped past validation; it is the caller's to fix.
 */
export const isDataException = (error: unknown) => pgErrorCode(error)?.startsWith('22') ?? false;

/** Codes that mean "the database cannot serve now" rather than "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08006',
]);

/**
 * The database is down, restarting, out of connections, or the pool waited too long for one: the
 * request may succeed if retried, so the answer is 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error) ?? (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
