import type { PublicUser } from '@shared/contracts/auth';
import { fullName } from '@/lib/utils';

/** First and last name, else the server's display name (which falls back to the email). */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'name' | 'email'>): string {
  return fullName(user.firstName, user.lastName) || user.name || user.email;
}
