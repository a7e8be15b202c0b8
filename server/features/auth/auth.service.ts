import bcrypt from 'bcrypt';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
} from '@shared/contracts/auth';
import type { Database } from '../../db/client';
import { registrationRefusal } from '@shared/contracts/registration-settings';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { loadRegistrationSettings } from '../../core/registration-settings';
import { toPublicUser } from '../../core/users/user.mapper';
import * as usersRepository from '../../core/users/users.repository';
import { createAccount } from '../../core/accounts/accounts.service';

/** Compared against when the email is unknown, so an unknown email and a wrong password take equally long. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = bcrypt.hash('no account has this password', cost)));
  return hash;
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
