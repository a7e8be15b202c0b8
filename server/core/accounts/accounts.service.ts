import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type PublicUser, type RegisterInput } from '@shared/contracts/auth';
import type { Database, DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { toPublicUser } from '../users/user.mapper';
import * as usersRepository from '../users/users.repository';

/** Serialises the creation of accounts and setup links, so that no two admins come from "no admin yet". */
const FIRST_USER_LOCK_KEY = 724_311_002;

/** Runs `work` in a transaction that holds the first-user lock until it ends. */
export function withFirstUserLock<T>(db: Database, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK_KEY})`);
    return work(tx);
  });
}

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });

/**
 * Creates an account with `role`; `firstAdmin` means admin while no user is an admin yet, else agent
 * (the lock makes two simultaneous first registrations produce one admin).
 */
export async function createAccount(
  db: Database,
  input: RegisterInput,
  bcryptCost: number,
  role: 'admin' | 'firstAdmin' | 'agent',
  /** Runs first inside the transaction (consuming a setup token); its error undoes everything. */
  before?: (tx: DbOrTx) => Promise<void>,
): Promise<PublicUser> {
  if (await usersRepository.emailExists(db, input.email)) throw emailTaken();
  const passwordHash = await bcrypt.hash(input.password, bcryptCost);
  try {
    const row = await withFirstUserLock(db, async (tx) => {
      await before?.(tx);
      const admin = role === 'admin' || (role === 'firstAdmin' && !(await usersRepository.adminExists(tx)));
      return usersRepository.insertUser(tx, { ...input, passwordHash, role: admin ? 'admin' : 'agent' });
    });
    return toPublicUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
