/** Harvest's rate-limit window is 15 s, and a recorded live 429 came without a Retry-After header. */
export const DEFAULT_RETRY_AFTER_SECONDS = 15;

const HTTP_DATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Seconds to wait before retrying, from a Retry-After header (seconds or an HTTP date). */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_SECONDS;
  if (/^\d+$/.test(value)) return Number(value);
  // Only the HTTP date format: Date.parse alone reads "-3" or "1.5" as dates.
  if (!HTTP_DATE.test(value)) return DEFAULT_RETRY_AFTER_SECONDS;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
