/**
 * The only reader of process.env. Every setting is parsed and checked here at start, and a bad
 * configuration stops the process with a readable list of what is wrong.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DB_POOL_SIZE: positiveInt.max(200).default(10),
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
  REGISTRATIONS_PER_IP_PER_HOUR: positiveInt.default(30),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  LOG_REQUESTS: booleanFlag.default(false),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the embedded database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Unset: a secret is generated once and kept in `dataDir` (see server/lib/secrets.ts). */
  sessionSecret: string | undefined;
  sessionMaxAgeMs: number;
  trustProxy: boolean;
  allowedOrigins: string[];
  loginThrottle: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMs: number };
  registrationsPerIpPerHour: number;
  bcryptCost: number;
  logRequests: boolean;
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
    sessionSecret: e.SESSION_SECRET,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    loginThrottle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    bcryptCost: e.BCRYPT_COST,
    logRequests: e.LOG_REQUESTS,
  };
}
