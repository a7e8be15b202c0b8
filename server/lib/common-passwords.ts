/**
 * Passwords anyone would try first, refused whenever a password is set (ASVS 2.1.7). The list is
 * zxcvbn-ts's common-password dictionary (@zxcvbn-ts/language-common: about 49,000 passwords ranked
 * from public breaches, lower-case), shipped with the app: nothing is sent anywhere to check one.
 * It stays on the server; the client's forms show the server's answer under their password field.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '@shared/contracts/auth';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/**
 * One group of up to three characters repeated ("aaaaaaaa", "abababab", "123123123"): the list leaves
 * such passwords to zxcvbn's own repeat matching, which this app does not run.
 */
const ONE_GROUP_REPEATED = /^(.{1,3})\1+$/su;

/** Whether `password` is on the list (in any letter case) or is one short group repeated. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase()) || ONE_GROUP_REPEATED.test(password);
}

/**
 * A new-password field of a shared contract with the list check added. It runs only once the
 * contract's own rules pass, so a short password gets the spec's length message alone.
 */
export const refusingCommonPasswords = <S extends z.ZodType<string, string>>(field: S) =>
  field.refine((password) => !isCommonPassword(password), {
    message: AUTH_MESSAGES.commonPassword,
    when: (payload) => payload.issues.length === 0,
  });
