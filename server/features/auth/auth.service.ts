import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '@shared/contracts/auth';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { toPublicUser } from '../users/user.mapper';
import * as usersRepository from '../users/users.repository';

/** Serialises registrations so that exactly one account, the first, becomes admin. */
const FIRST_USER_LOCK_KEY = 724_311_002;

/** Compared against when the email is unknown, so an unknown email and a wrong password take equally long. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = bcrypt.hash('no account has this password', cost)));
  return hash;
}

export async function register(db: Database, input: RegisterInput, bcryptCost: number): Promise<PublicUser> {
  if (await usersRepository.emailExists(db, input.email)) {
    throw conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
  }
  const passwordHash = await bcrypt.hash(input.password, bcryptCost);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK_KEY})`);
      const role = (await usersRepository.countUsers(tx)) === 0 ? 'admin' : 'agent';
      return usersRepository.insertUser(tx, { ...input, passwordHash, role });
    });
    return toPublicUser(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
    throw error;
  }
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
  if (!credentials || !matches) return undefined;
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
