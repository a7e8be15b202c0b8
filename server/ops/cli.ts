/**
 * What the operations commands (backup, restore, export) share: their arguments, the configuration
 * (server/config.ts, as the app reads it), private files, and how they end. A failure the person can
 * act on prints its message alone; anything unexpected prints its stack too. Exit codes: 0 done,
 * 1 failed or refused, 2 wrong arguments.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { createPrivateFilesOnly } from '../db/data-dir';
import { DataDirLockedError } from '../db/data-dir-lock';
import { DataDirPermissionError } from '../db/data-dir';
import { DumpFormatError } from './backup/dump-format';
import { RestoreRefusedError } from './backup/restore';
import { NothingToReadError } from './data-source';
import { AppUnreachableError } from './embedded/backup-channel-client';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const EXPECTED_FAILURES = [
  ConfigError,
  UsageError,
  RestoreRefusedError,
  NothingToReadError,
  AppUnreachableError,
  DataDirLockedError,
  DataDirPermissionError,
  DumpFormatError,
];

export function parseCliArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  allowPositionals: boolean,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs a command: reads the configuration, makes every file it writes its owner's alone (backups
 * and exports hold password hashes and every ticket), and turns failures into a message and an exit
 * code. `usage` is printed with argument errors.
 */
export async function runCommand(
  usage: string,
  command: (config: AppConfig) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig();
    createPrivateFilesOnly();
    await command(config);
    process.exit(0);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    if (!(error instanceof Error)) {
      console.error(String(error));
      process.exit(1);
    }
    // System and database errors (ECONNREFUSED, EACCES, a PostgreSQL error code) speak for themselves.
    const expected =
      EXPECTED_FAILURES.some((kind) => error instanceof kind) ||
      typeof (error as NodeJS.ErrnoException).code === 'string';
    const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(
      (error as NodeJS.ErrnoException).code ?? '',
    );
    console.error(
      unreachable ? `Cannot reach the database (${error.message})` : expected ? error.message : error.stack,
    );
    process.exit(1);
  }
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
