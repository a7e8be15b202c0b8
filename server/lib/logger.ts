/**
 * The app's logger: one JSON line per event (pino), written synchronously to standard output, so a
 * line is never lost when the process exits right after it and lines keep their order. The call
 * signature stays the app's own, `logger.info(message, fields)`, so no caller depends on pino.
 *
 * What must never be logged (passwords, tokens, cookies, session ids, message bodies) is kept out by
 * the callers in the first place: the request log names the route pattern, never the URL, and no
 * code passes a body or a header on. Redaction of the usual key names is the safety net behind that,
 * and the integration suite scans every line it logs for known secrets
 * (server/test/security/log-scan.setup.ts).
 */
import pino from 'pino';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Record<string, unknown>;

/**
 * Field names whose values are replaced by "[redacted]" wherever they appear in the first levels of
 * a line's fields (exact names, as written).
 */
const SENSITIVE_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'access_token',
  'accessTokenSealed',
  'refreshToken',
  'bearer',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'cookies',
  'set-cookie',
  'setCookie',
  'secret',
  'sessionSecret',
  'encryptionKey',
  'x-api-key',
  'sid',
  'sessionId',
  'sessionID',
  // Message contents: a ticket's or an email's body, its text and HTML parts, a raw message.
  'body',
  'text',
  'html',
  'raw',
] as const;
const SENSITIVE = new Set<string>(SENSITIVE_KEYS);

export const REDACTED = '[redacted]';

/** How deep into a line's fields nested sensitive keys are looked for. */
const MAX_CENSOR_DEPTH = 4;

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with the sensitive keys of its nested objects and arrays censored: a copy where something
 * changed, the caller's own object otherwise (never modified). Errors, dates and buffers are left
 * to pino's serializers.
 */
function censorNested(value: unknown, depth: number): unknown {
  if (depth > MAX_CENSOR_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => censorNested(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const censored = SENSITIVE.has(key) ? REDACTED : censorNested(child, depth + 1);
    if (censored !== child) (copy ??= { ...(value as Record<string, unknown>) })[key] = censored;
  }
  return copy ?? value;
}

/** Top-level names for pino's redaction (bracket notation for names with a dash). */
const topLevelPaths = () => SENSITIVE_KEYS.map((name) => (name.includes('-') ? `["${name}"]` : name));

/** Where lines go: anything with `write(line)`; standard output unless given. */
export type LogDestination = pino.DestinationStream;

export interface LoggerOptions {
  level: LogLevel;
  destination?: LogDestination;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Whether a line of `level` would be written (to skip building costly fields). */
  isLevelEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

function createPino(options: LoggerOptions): pino.Logger {
  return pino(
    {
      level: options.level,
      // pid tells the processes of one machine apart (APP_PROCESSES), hostname the machines.
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        // Sensitive keys down to MAX_CENSOR_DEPTH ({ smtp: { password } }, { headers: { cookie } }).
        // pino's redaction matches nested keys only through wildcard paths, which cost about 45 µs
        // a line here against 1.5 µs without: a line per request would pay that.
        log: (fields) => censorNested(fields, 0) as Record<string, unknown>,
      },
      // pino's own redaction for the top-level names (fast: fixed paths compiled once), so those stay
      // censored whatever becomes of the formatter above.
      redact: { paths: topLevelPaths(), censor: REDACTED },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A logger of its own (tests); the app uses `logger` below. */
export function createLogger(options: LoggerOptions): Logger {
  const target = createPino(options);
  return wrap(() => target);
}

function wrap(current: () => pino.Logger): Logger {
  return {
    debug: (message, fields) => current().debug(fields ?? {}, message),
    info: (message, fields) => current().info(fields ?? {}, message),
    warn: (message, fields) => current().warn(fields ?? {}, message),
    error: (message, fields) => current().error(fields ?? {}, message),
    isLevelEnabled: (level) => current().isLevelEnabled(level),
  };
}

// Until the configuration is read (server.ts), lines at info and above go to standard output.
let root = createPino({ level: 'info' });

/**
 * Sets the level (LOG_LEVEL) and, for `npm run dev` and the tests, where lines go. Every module's
 * `logger` follows at once.
 */
export function configureLogger(options: LoggerOptions): void {
  root = createPino(options);
}

export const logger: Logger = wrap(() => root);
