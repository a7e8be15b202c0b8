import type { UserSummary } from '@shared/contracts/users';
import { fullName } from '@/lib/utils';

export const UNASSIGNED_LABEL = 'Unassigned';

/** "First Last", or the email for a user without a name. */
export const userName = (user: UserSummary) => fullName(user.firstName, user.lastName) || user.email;

/** The create dialog's Assign To items: "first last (email)" (spec §2). */
export const userNameWithEmail = (user: UserSummary) => `${userName(user)} (${user.email})`;
