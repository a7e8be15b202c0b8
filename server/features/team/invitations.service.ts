import { PRODUCT_NAME, USER_ROLES, type UserRole } from '@shared/constants';
import { AUTH_MESSAGES, type PublicUser } from '@shared/contracts/auth';
import {
  INVITATION_VALID_DAYS,
  ROLE_IN_SENTENCE,
  TEAM_MESSAGES,
  type AcceptInvitationInput,
  type CreateInvitationInput,
  type InvitationCreatedResponse,
  type InvitationLookupResponse,
  type TeamInvitation,
} from '@shared/contracts/team';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken, newToken } from '../../lib/single-use-token';
import {
  prepareAccountEmail,
  queueAccountEmail,
  type AccountEmailDeps,
} from '../../core/accounts/account-email.job';
import { createAccount } from '../../core/accounts/accounts.service';
import * as usersRepository from '../../core/users/users.repository';
import * as repository from './invitations.repository';
import type { InvitationRow } from './invitations.repository';

export type InvitationDeps = Pick<AccountEmailDeps, 'db' | 'jobs' | 'cipher' | 'config'>;

const toRole = (role: string): UserRole =>
  (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : 'agent';

export function toTeamInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: toRole(row.role),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The page of an invitation link (client route /invite/:token). */
export const invitationUrl = (baseUrl: string, token: string) => `${baseUrl}/invite/${token}`;

function invitationEmail(
  row: InvitationRow,
  inviter: { name: string },
  url: string,
): { subject: string; text: string } {
  return {
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: [
      row.firstName ? `Hello ${row.firstName},` : 'Hello,',
      '',
      `${inviter.name} invited you to ${PRODUCT_NAME} as ${ROLE_IN_SENTENCE[toRole(row.role)]}.`,
      `Create your account with this link. It works once, until ${row.expiresAt.toUTCString()}:`,
      '',
      url,
      '',
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  };
}

/**
 * Invites an address with a role. The link is answered once (to the admin) and, when email is
 * configured, queued to the invitee in the same transaction; only the token's hash is stored. A new
 * invitation replaces the pending ones of the same address. An address that has an account: 409.
 */
export async function createInvitation(
  deps: InvitationDeps,
  inviter: { id: string; name: string },
  input: CreateInvitationInput,
  baseUrl: string,
): Promise<{ response: InvitationCreatedResponse; emailed: boolean }> {
  if (await usersRepository.emailExists(deps.db, input.email)) {
    throw conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
  }
  const { token, tokenHash } = newToken();
  const url = invitationUrl(baseUrl, token);
  await prepareAccountEmail(deps);
  return deps.db.transaction(async (tx) => {
    await repository.revokePendingInvitationsOf(tx, input.email);
    const row = await repository.insertInvitation(tx, {
      email: input.email,
      role: input.role,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      tokenHash,
      invitedBy: inviter.id,
      validDays: INVITATION_VALID_DAYS,
    });
    const emailed = await queueAccountEmail(tx, deps, {
      to: row.email,
      ...invitationEmail(row, inviter, url),
    });
    const { id, email, role, expiresAt } = toTeamInvitation(row);
    return { response: { invitation: { id, email, role, expiresAt, url } }, emailed };
  });
}

export async function revokeInvitation(db: Database, id: string): Promise<void> {
  if (!(await repository.revokeInvitation(db, id))) throw notFound(TEAM_MESSAGES.invitationNotFound);
}

const linkInvalid = () => notFound(TEAM_MESSAGES.invitationLinkInvalid);

async function findPending(db: Database, token: string): Promise<InvitationRow> {
  const row = isWellFormedToken(token)
    ? await repository.findPendingInvitationByTokenHash(db, hashToken(token))
    : undefined;
  if (!row) throw linkInvalid();
  return row;
}

/** GET /api/invitations/:token: 404 alike for unknown, used, revoked, expired or malformed tokens. */
export async function lookupInvitation(db: Database, token: string): Promise<InvitationLookupResponse> {
  const row = await findPending(db, token);
  return { email: row.email, role: toRole(row.role) };
}

/**
 * Creates the invitee's account with the invitation's address and role, and uses the invitation up,
 * in one transaction: of two simultaneous accepts one creates the account and the other gets 404.
 * Works in every registration mode. An address that has an account meanwhile: 409, the link stays.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: AcceptInvitationInput,
  bcryptCost: number,
): Promise<PublicUser> {
  // Looked up before bcrypt runs, so made-up tokens cost a lookup only.
  const invitation = await findPending(db, token);
  const role = toRole(invitation.role);
  try {
    return await createAccount(db, { ...input, email: invitation.email }, bcryptCost, role, async (tx) => {
      if (!(await repository.acceptInvitation(tx, hashToken(token)))) throw linkInvalid();
    });
  } catch (error) {
    // The address taken because this very link was just used (a second accept that checked the
    // address after the first one committed): the link is used up, as for an accept that lost the race
    // inside the transaction. Only an address taken otherwise is a 409 with the link still valid.
    if (error instanceof AppError && error.code === 'conflict') await findPending(db, token);
    throw error;
  }
}
