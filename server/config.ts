/**
 * The only reader of process.env. Every setting is parsed and checked here at start, and a bad
 * configuration stops the process with a readable list of what is wrong.
 */
import path from 'node:path';
import { z } from 'zod';
import { ATTACHMENT_DEFAULT_LIMITS } from '@shared/contracts/messages';
import { parseEncryptionKey } from './lib/encryption-key';
import { LOG_LEVELS, type LogLevel } from './lib/logger';
import { withoutTrailingSlashes } from './lib/urls';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** `NAME=` (as copied from .env.example) means the setting is not given. */
const emptyAsUnset = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DB_POOL_SIZE: positiveInt.max(200).default(10),
  /** App processes serving requests (PostgreSQL mode): `auto` = one per CPU core. */
  APP_PROCESSES: z.union([z.literal('auto'), positiveInt.max(64)]).default('auto'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_MAX_AGE_HOURS: positiveInt.default(24 * 7),
  TRUST_PROXY: booleanFlag.default(false),
  /** Extra origins allowed to make state-changing requests (comma-separated), besides the app's own. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  /** Wrong two-step codes per account within the window, across sign-ins: a right password does not clear them. */
  TOTP_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  REGISTRATIONS_PER_IP_PER_HOUR: positiveInt.default(30),
  /** Requests each API token may send per minute, across every app process (issue 43). */
  API_TOKEN_REQUESTS_PER_MINUTE: positiveInt.default(600),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  /** Lines below this level are not written (server/lib/logger.ts). */
  LOG_LEVEL: emptyAsUnset(z.enum(LOG_LEVELS).default('info')),
  /** One line per HTTP request; unset: on, except in development (`npm run dev`). */
  LOG_REQUESTS: emptyAsUnset(booleanFlag.optional()),
  /** Bearer token of GET /metrics; unset: the endpoint answers 404 like any unknown path. */
  METRICS_TOKEN: emptyAsUnset(
    z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  /** The app's public address, e.g. https://helpdesk.example.com: Harvest entries then link to their ticket. */
  PUBLIC_URL: emptyAsUnset(z.url().optional()),
  HARVEST_BASE_URL: z.url().default('https://api.harvestapp.com/v2'),
  HARVEST_USER_AGENT: z.string().trim().min(1).default('Help Desk (helpdesk@example.com)'),
  HARVEST_TIMEOUT_MS: positiveInt.max(120_000).default(10_000),
  HARVEST_CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** `npm run dev` only: start the fake Harvest in-process and point the app at it. */
  DEV_FAKE_HARVEST: booleanFlag.default(true),
  DEV_FAKE_HARVEST_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  HARVEST_SYNC_ENABLED: booleanFlag.default(true),
  HARVEST_SYNC_INTERVAL_MS: positiveInt.min(100).default(5_000),
  HARVEST_SYNC_BATCH_SIZE: positiveInt.max(100).default(10),
  HARVEST_SYNC_BACKOFF_BASE_SECONDS: positiveInt.default(30),
  HARVEST_SYNC_BACKOFF_MAX_SECONDS: positiveInt.default(900),
  /** 32 bytes as 64 hex characters or base64; encrypts the Harvest access token at rest. */
  ENCRYPTION_KEY: emptyAsUnset(
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        const key = parseEncryptionKey(value);
        if (!key) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be 32 bytes, written as 64 hex characters or base64',
          });
          return z.NEVER;
        }
        return key;
      })
      .optional(),
  ),
  /** Bearer token of POST /api/inbound/email; unset: the endpoint answers 503. */
  INBOUND_EMAIL_TOKEN: emptyAsUnset(z.string().trim().min(16, 'must be at least 16 characters').optional()),
  /** Our own support address: mail from it is a loop and is ignored. */
  INBOUND_SUPPORT_ADDRESS: emptyAsUnset(z.email('must be an email address').optional()),
  INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: positiveInt.default(10),
  /** Large enough for a message carrying the attachment limit's 25 MB in base64 (about 34 MB). */
  INBOUND_MAX_BYTES: positiveInt.max(100 * 1024 * 1024).default(40 * 1024 * 1024),
  /** Files of emails: larger ones are listed as "too large, not kept" (inbound) or refused (413, replies). */
  ATTACHMENT_MAX_FILE_BYTES: positiveInt.max(100 * 1024 * 1024).default(ATTACHMENT_DEFAULT_LIMITS.fileBytes),
  ATTACHMENT_MAX_MESSAGE_BYTES: positiveInt
    .max(100 * 1024 * 1024)
    .default(ATTACHMENT_DEFAULT_LIMITS.messageBytes),
  /** Whether this process sends queued replies (the job runner; safe with several processes). */
  EMAIL_SEND_ENABLED: booleanFlag.default(true),
  EMAIL_SEND_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** Retries of a reply the SMTP server refused for now (4xx, unreachable), the delay doubling. */
  EMAIL_SEND_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  EMAIL_SEND_RETRY_DELAY_SECONDS: positiveInt.max(3_600).default(30),
  SMTP_TIMEOUT_MS: positiveInt.max(300_000).default(30_000),
  /**
   * Whether the SMTP and IMAP servers may be on this machine or link-local (loopback, 0.0.0.0,
   * 169.254.0.0/16, ::1, fe80::/10): refused by default, so the mail settings cannot probe local services.
   */
  MAIL_ALLOW_LOOPBACK_HOSTS: booleanFlag.default(false),
  /** The same rule for webhook URLs (issue 43): a webhook cannot reach this machine unless allowed. */
  WEBHOOK_ALLOW_LOOPBACK_HOSTS: booleanFlag.default(false),
  /** The first retry of a failed webhook delivery waits this long; each next one twice as long. */
  WEBHOOK_RETRY_FIRST_DELAY_SECONDS: z.coerce.number().min(0.05).max(3_600).default(10),
  /** Whether this process delivers webhooks (one process at a time does, under a lease). */
  WEBHOOK_SEND_ENABLED: booleanFlag.default(true),
  /** How often credentials saved while Harvest was unreachable are checked again. */
  HARVEST_VERIFY_INTERVAL_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** Whether this process fetches the configured IMAP mailbox, and how often. */
  IMAP_FETCH_ENABLED: booleanFlag.default(true),
  IMAP_POLL_SECONDS: z.coerce.number().min(1).max(3_600).default(30),
  /**
   * How long a fetch whose process died keeps the next one waiting (the fetch's lease, renewed every
   * third of it while a fetch runs).
   */
  IMAP_FETCH_LEASE_SECONDS: z.coerce.number().int().min(3).max(3_600).default(30),
  IMAP_BATCH_SIZE: positiveInt.max(500).default(50),
  /** ISO 8601 date or instant: a newly configured mailbox imports what it received since then. */
  IMAP_IMPORT_SINCE: emptyAsUnset(
    z
      .string()
      .trim()
      .refine(
        (value) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(value) && !Number.isNaN(Date.parse(value)),
        'must be an ISO 8601 date or instant (2026-11-01 or 2026-11-01T09:00:00Z)',
      )
      .optional(),
  ).transform((value) => (value ? new Date(value) : undefined)),
  IMAP_TIMEOUT_MS: positiveInt.max(300_000).default(30_000),
  /** How often loans past their expected return date are looked for, to notify their agents. */
  LOAN_OVERDUE_CHECK_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  /** How often tickets reaching an SLA warning or breach are looked for, to notify their agents. */
  SLA_ALERT_CHECK_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  /** Rules (issue 40): how often schedules run (minutes; fractions for tests). */
  RULES_SCHEDULE_MINUTES: z.coerce.number().min(0.01).max(1_440).default(5),
  /** The most tickets one schedule acts on per run; the rest follow next run. */
  RULES_MAX_TICKETS_PER_RUN: positiveInt.max(100_000).default(1_000),
  /** The most automatic mails (rules' replies) one recipient gets an hour; the rest are held back. */
  RULES_MAX_MAILS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(0).max(1_000).default(3),
  /** Messages the whole inbound path takes a minute, whatever their senders; beyond it 429. */
  INBOUND_MAX_MESSAGES_PER_MINUTE: positiveInt.default(300),
  /** How long a client may take to send a request's header fields, and the whole request. */
  HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt.max(600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: positiveInt.max(3_600).default(60),
  /** How long an idle keep-alive connection stays open: longer than a proxy's idle timeout (often 60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt.max(3_600).default(65),
  /** Scheduled backups into DATA_DIR/backups every this many hours (fractions allowed); 0: none. */
  BACKUP_INTERVAL_HOURS: emptyAsUnset(z.coerce.number().min(0).max(8_760).default(0)),
  /** How many scheduled backups are kept; older ones are deleted after each new one. */
  BACKUP_KEEP: emptyAsUnset(positiveInt.max(10_000).default(7)),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the embedded database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /**
   * How many processes serve requests. The embedded database lives inside one process, so it always
   * runs one; with DATABASE_URL, `auto` means one per CPU core (server/cluster.ts).
   */
  appProcesses: number | 'auto';
  /** Unset: a secret is generated once and kept in `dataDir` (see server/lib/secrets.ts). */
  sessionSecret: string | undefined;
  sessionMaxAgeMs: number;
  trustProxy: boolean;
  allowedOrigins: string[];
  loginThrottle: {
    maxFailuresPerAccount: number;
    maxFailuresPerIp: number;
    /** Wrong second-step codes per account (two-step sign-in), in the same window. */
    maxTotpFailuresPerAccount: number;
    windowMs: number;
  };
  registrationsPerIpPerHour: number;
  apiTokenRequestsPerMinute: number;
  /** Webhook deliveries (server/features/webhooks). */
  webhooks: {
    /** Whether URLs on this machine or link-local are allowed (server/mail/mail-server-address.ts' rule). */
    allowLoopbackHosts: boolean;
    retryFirstDelaySeconds: number;
    sendEnabled: boolean;
  };
  bcryptCost: number;
  logLevel: LogLevel;
  /** Whether each HTTP request is logged (server/observability/request-log.ts). */
  logRequests: boolean;
  /** GET /metrics (server/observability): off (404) while no token is set. */
  metrics: { token: string | undefined };
  /** No trailing slash; unset: Harvest entries carry no link back to their ticket. */
  publicUrl: string | undefined;
  /** Unset: generated once into `dataDir` (server.ts), or a per-process key when none is given. */
  encryptionKey: Buffer | undefined;
  harvest: {
    baseUrl: string;
    userAgent: string;
    timeoutMs: number;
    /** How long the project and task lists are reused before Harvest is asked again. */
    catalogCacheMs: number;
    /** `npm run dev` only: serve the fake Harvest in-process (on this port, 0 = any) instead. */
    devFake: boolean;
    devFakePort: number;
    sync: {
      /** Whether this process runs the background push job. */
      enabled: boolean;
      intervalMs: number;
      batchSize: number;
      backoffBaseMs: number;
      backoffMaxMs: number;
    };
    /** How often credentials saved while Harvest was unreachable are checked again (by sync processes). */
    verifyIntervalSeconds: number;
  };
  inbound: {
    /** Unset: POST /api/inbound/email is disabled (503). */
    token: string | undefined;
    /** Lower-cased; mail from this address is a loop and is ignored. */
    supportAddress: string | undefined;
    /** New tickets and reply notes per sender address per minute; beyond it the answer is 429. */
    maxTicketsPerSenderPerMinute: number;
    /** The largest accepted request body, JSON or a raw message. */
    maxBytes: number;
    /** Messages the whole inbound path takes per minute (all senders, all processes); beyond it 429. */
    maxMessagesPerMinute: number;
  };
  attachments: {
    /** One file's largest size, and all files of one message together. */
    maxFileBytes: number;
    maxMessageBytes: number;
  };
  email: {
    send: {
      /** Whether this process works the queue of replies to send. */
      enabled: boolean;
      pollIntervalSeconds: number;
      retryLimit: number;
      retryDelaySeconds: number;
    };
    /** Connection, greeting and socket timeouts of one SMTP hand-over. */
    smtpTimeoutMs: number;
    /** Whether mail servers on this machine or link-local are allowed (server/mail/mail-server-address.ts). */
    allowLoopbackHosts: boolean;
    /** The IMAP mailbox fetch (server/features/inbound). */
    fetch: {
      /** Whether this process fetches (safe with several: one fetch at a time per mailbox). */
      enabled: boolean;
      intervalSeconds: number;
      /** How long a fetch whose process died keeps the next one waiting. */
      leaseSeconds: number;
      /** Messages imported between two progress records. */
      batchSize: number;
      /** A newly configured mailbox imports messages received since this; undefined: since it was configured. */
      importSince: Date | undefined;
      /** Connection, greeting and socket timeouts of the IMAP connection. */
      timeoutMs: number;
    };
  };
  /** How often the bell is told of loans that passed their expected return date. */
  loanOverdueCheckSeconds: number;
  /** How often the bell is told of SLA warnings and breaches (issue 24). */
  slaAlertCheckSeconds: number;
  /** Issue 40. */
  rules: { scheduleSeconds: number; maxTicketsPerRun: number; maxMailsPerRecipientPerHour: number };
  /** Timeouts of the HTTP server (server/http-server.ts). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Scheduled backups (server/ops/backup/scheduled-backup.job.ts): intervalHours 0 means none. */
  backup: { intervalHours: number; keep: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError(['SESSION_SECRET: required in production when DATABASE_URL is set']);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    appProcesses: e.APP_PROCESSES,
    sessionSecret: e.SESSION_SECRET,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    loginThrottle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      maxTotpFailuresPerAccount: e.TOTP_MAX_FAILURES_PER_ACCOUNT,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    webhooks: {
      allowLoopbackHosts: e.WEBHOOK_ALLOW_LOOPBACK_HOSTS,
      retryFirstDelaySeconds: e.WEBHOOK_RETRY_FIRST_DELAY_SECONDS,
      sendEnabled: e.WEBHOOK_SEND_ENABLED,
    },
    bcryptCost: e.BCRYPT_COST,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ?? e.NODE_ENV !== 'development',
    metrics: { token: e.METRICS_TOKEN },
    publicUrl: e.PUBLIC_URL === undefined ? undefined : withoutTrailingSlashes(e.PUBLIC_URL),
    encryptionKey: e.ENCRYPTION_KEY,
    harvest: {
      baseUrl: e.HARVEST_BASE_URL,
      userAgent: e.HARVEST_USER_AGENT,
      timeoutMs: e.HARVEST_TIMEOUT_MS,
      catalogCacheMs: e.HARVEST_CATALOG_CACHE_SECONDS * 1000,
      devFake: e.DEV_FAKE_HARVEST,
      devFakePort: e.DEV_FAKE_HARVEST_PORT,
      sync: {
        enabled: e.HARVEST_SYNC_ENABLED,
        intervalMs: e.HARVEST_SYNC_INTERVAL_MS,
        batchSize: e.HARVEST_SYNC_BATCH_SIZE,
        backoffBaseMs: e.HARVEST_SYNC_BACKOFF_BASE_SECONDS * 1000,
        backoffMaxMs:
          Math.max(e.HARVEST_SYNC_BACKOFF_MAX_SECONDS, e.HARVEST_SYNC_BACKOFF_BASE_SECONDS) * 1000,
      },
      verifyIntervalSeconds: e.HARVEST_VERIFY_INTERVAL_SECONDS,
    },
    inbound: {
      token: e.INBOUND_EMAIL_TOKEN,
      supportAddress: e.INBOUND_SUPPORT_ADDRESS?.toLowerCase(),
      maxTicketsPerSenderPerMinute: e.INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE,
      maxBytes: e.INBOUND_MAX_BYTES,
      maxMessagesPerMinute: e.INBOUND_MAX_MESSAGES_PER_MINUTE,
    },
    attachments: {
      maxFileBytes: e.ATTACHMENT_MAX_FILE_BYTES,
      maxMessageBytes: Math.max(e.ATTACHMENT_MAX_MESSAGE_BYTES, e.ATTACHMENT_MAX_FILE_BYTES),
    },
    email: {
      send: {
        enabled: e.EMAIL_SEND_ENABLED,
        pollIntervalSeconds: e.EMAIL_SEND_POLL_SECONDS,
        retryLimit: e.EMAIL_SEND_RETRY_LIMIT,
        retryDelaySeconds: e.EMAIL_SEND_RETRY_DELAY_SECONDS,
      },
      smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
      allowLoopbackHosts: e.MAIL_ALLOW_LOOPBACK_HOSTS,
      fetch: {
        enabled: e.IMAP_FETCH_ENABLED,
        intervalSeconds: e.IMAP_POLL_SECONDS,
        leaseSeconds: e.IMAP_FETCH_LEASE_SECONDS,
        batchSize: e.IMAP_BATCH_SIZE,
        importSince: e.IMAP_IMPORT_SINCE,
        timeoutMs: e.IMAP_TIMEOUT_MS,
      },
    },
    loanOverdueCheckSeconds: e.LOAN_OVERDUE_CHECK_SECONDS,
    slaAlertCheckSeconds: e.SLA_ALERT_CHECK_SECONDS,
    rules: {
      scheduleSeconds: e.RULES_SCHEDULE_MINUTES * 60,
      maxTicketsPerRun: e.RULES_MAX_TICKETS_PER_RUN,
      maxMailsPerRecipientPerHour: e.RULES_MAX_MAILS_PER_RECIPIENT_PER_HOUR,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      // A request's time includes its header fields, so it is never shorter than theirs.
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_SECONDS, e.HTTP_HEADERS_TIMEOUT_SECONDS) * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    backup: { intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
  };
}
