/**
 * The setup link of a fresh install. While no user is an admin, `npm start` prints
 * `/setup/{token}` (and keeps the token in DATA_DIR/setup-token); its page creates the first admin
 * through POST /api/setup/{token}. Only the token's SHA-256 is stored; a token works once, and every
 * token dies as soon as any user is an admin (a trigger of migration 0009 deletes them).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, type PublicUser, type RegisterInput } from '@shared/contracts/auth';
import { setupTokens } from '@shared/schema';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import * as usersRepository from '../../core/users/users.repository';
import { createAccount, withFirstUserLock } from '../../core/accounts/accounts.service';

/** The file in DATA_DIR that holds the token of the link printed at start (mode 0600). */
export const SETUP_TOKEN_FILE = 'setup-token';

/** 32 random bytes in base64url: 43 characters. Anything else is not a token, whatever it is. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashSetupToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function isStored(db: DbOrTx, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(eq(setupTokens.tokenHash, hashSetupToken(token)));
  return row !== undefined;
}

/** Stores a new token (its hash) and returns it, whether or not an admin exists: for issueSetupToken and tests. */
export async function insertSetupToken(db: DbOrTx): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(setupTokens).values({ tokenHash: hashSetupToken(token) });
  return token;
}

/**
 * While no user is an admin: a setup token, `previous` again when it is still valid (a restart keeps
 * the link it printed before), else a new one. Other valid tokens stay valid (each app host prints
 * its own). Once an admin exists: undefined, and no token is left.
 */
export function issueSetupToken(db: Database, previous?: string): Promise<string | undefined> {
  return withFirstUserLock(db, async (tx) => {
    if (await usersRepository.adminExists(tx)) {
      await tx.delete(setupTokens);
      return undefined;
    }
    if (previous !== undefined && (await isStored(tx, previous))) return previous;
    return insertSetupToken(tx);
  });
}

/**
 * POST /api/setup/{token}: creates an admin with the Register fields and uses the token up, in one
 * transaction (an email already taken leaves the token valid). 404 for a token that is unknown, used,
 * or malformed, all alike.
 */
export async function createAdminWithSetupToken(
  db: Database,
  token: string,
  input: RegisterInput,
  bcryptCost: number,
): Promise<PublicUser> {
  const invalid = () => notFound(AUTH_MESSAGES.setupLinkInvalid);
  // Checked before bcrypt runs, so made-up tokens cost a lookup only.
  if (!(await isStored(db, token))) throw invalid();
  return createAccount(db, input, bcryptCost, 'admin', async (tx) => {
    const used = await tx
      .delete(setupTokens)
      .where(eq(setupTokens.tokenHash, hashSetupToken(token)))
      .returning({ tokenHash: setupTokens.tokenHash });
    if (used.length === 0) throw invalid();
  });
}

/** The token of the previous start, if its file is there. */
function readTokenFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The page's address: PUBLIC_URL when set, else where this process listens. */
export function setupLink(config: Pick<AppConfig, 'publicUrl' | 'host'>, port: number, token: string) {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return `${base}/setup/${token}`;
}

/**
 * At start: while no user is an admin, the setup token (the previous start's when still valid), also
 * written to DATA_DIR/setup-token (0600); once an admin exists, undefined, and the file is removed.
 * The file is a convenience: when DATA_DIR cannot be written (a read-only disk in PostgreSQL mode),
 * the app starts anyway and the printed link is the only copy.
 */
export async function prepareSetupToken(
  db: Database,
  config: Pick<AppConfig, 'dataDir'>,
): Promise<string | undefined> {
  const file = path.join(config.dataDir, SETUP_TOKEN_FILE);
  let previous: string | undefined;
  try {
    previous = readTokenFile(file);
  } catch {
    previous = undefined;
  }
  const token = await issueSetupToken(db, previous);
  if (token === previous) return token;
  try {
    fs.rmSync(file, { force: true });
    if (token !== undefined) {
      fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    }
  } catch (error) {
    logger.warn(`Could not update ${file}: ${(error as Error).message}`);
  }
  return token;
}

/** Logs the setup link: said once, by the process that migrated the database. */
export function announceSetupLink(
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'dataDir'>,
  port: number,
  token: string,
): void {
  logger.info(
    `No administrator yet: create the first one at ${setupLink(config, port, token)} ` +
      `(the link works once; it is also in ${path.join(config.dataDir, SETUP_TOKEN_FILE)})`,
  );
}
