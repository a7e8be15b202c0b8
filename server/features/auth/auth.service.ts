import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '@shared/contracts/auth';
import type { Database, DbOrTx } from '../../db/client';
import { registrationRefusal } from '@shared/contracts/registration-settings';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { loadRegistrationSettings } from '../../core/registration-settings';
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

/** Compared against when the email is unknown, so an unknown email and a wrong password take equally long. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = bcrypt.hash('no account has this password', cost)));
  return hash;
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

/**
 * The Register tab. The first admin comes from here only when the request comes from the machine
 * itself (`fromThisMachine`): anyone else gets an agent, and the owner uses the setup link. The
 * registration setting may refuse the address (403, nothing created); it is checked before the
 * address is looked up, so a refusal says nothing about which addresses have accounts.
 */
export async function register(
  db: Database,
  input: RegisterInput,
  bcryptCost: number,
  options: { fromThisMachine: boolean },
): Promise<PublicUser> {
  const refusal = registrationRefusal(await loadRegistrationSettings(db), input.email);
  if (refusal) throw forbidden(refusal);
  return createAccount(db, input, bcryptCost, options.fromThisMachine ? 'firstAdmin' : 'agent');
}

/** Returns the user when the password matches, else undefined; the caller says nothing more specific. */
export async function verifyCredentials(
  db: Database,
  input: LoginInput,
  bcryptCost: number,
): Promise<PublicUser | undefined> {
  const credentials = await usersRepository.findCredentialsByEmail(db, input.email);
  const matches = await bcrypt.compare(
    input.password,
    credentials?.passwordHash ?? (await dummyHash(bcryptCost)),
  );
  // A deactivated account gets the same answer as a wrong password: no hint that it exists.
  if (!credentials || !matches || !credentials.active) return undefined;
  const profile = await usersRepository.findUserById(db, credentials.id);
  return profile ? toPublicUser(profile) : undefined;
}

export async function changePassword(
  db: Database,
  userId: string,
  input: ChangePasswordInput,
  bcryptCost: number,
): Promise<void> {
  const currentHash = await usersRepository.findPasswordHashById(db, userId);
  if (!currentHash) throw new AppError('unauthorized', AUTH_MESSAGES.unauthorized);
  if (!(await bcrypt.compare(input.currentPassword, currentHash))) {
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword, {
      currentPassword: [AUTH_MESSAGES.wrongCurrentPassword],
    });
  }
  await usersRepository.updatePasswordHash(db, userId, await bcrypt.hash(input.newPassword, bcryptCost));
}
