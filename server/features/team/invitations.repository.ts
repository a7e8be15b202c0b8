import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { invitations, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/**
 * Neither accepted, revoked nor expired, and not made by an admin who has since been deactivated:
 * deactivation revokes their invitations (revokePendingInvitationsBy); the last condition covers one
 * made while it was under way.
 */
const pending = () =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
    sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${invitations.invitedBy} AND NOT ${users.active})`,
  );

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  firstName: invitations.firstName,
  lastName: invitations.lastName,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** The pending invitations, oldest first. */
export function listPendingInvitations(db: DbOrTx): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(invitations)
    .where(pending())
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

/** Revokes the pending invitations of an address (a new one replaces them). */
export async function revokePendingInvitationsOf(db: DbOrTx, email: string): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        sql`lower(${invitations.email}) = lower(${email})`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

/** Revokes the pending invitations an admin made (their deactivation). */
export async function revokePendingInvitationsBy(db: DbOrTx, inviterId: string): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.invitedBy, inviterId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

export async function insertInvitation(
  db: DbOrTx,
  values: {
    email: string;
    role: string;
    firstName: string | null;
    lastName: string | null;
    tokenHash: string;
    invitedBy: string;
    validDays: number;
  },
): Promise<InvitationRow> {
  const { validDays, ...columns } = values;
  const [row] = await db
    .insert(invitations)
    .values({ ...columns, expiresAt: sql`now() + make_interval(days => ${validDays})` })
    .returning(invitationColumns);
  if (!row) throw new Error('insert into invitations returned no row');
  return row;
}

/** Revokes one pending invitation; false when there is none with that id. */
export async function revokeInvitation(db: DbOrTx, id: string): Promise<boolean> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.id, id), pending()))
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

export async function findPendingInvitationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), pending()));
  return row;
}

/**
 * Marks the invitation accepted if it is still pending, in one statement: of two simultaneous
 * accepts, one gets the row and the other nothing.
 */
export async function acceptInvitation(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.tokenHash, tokenHash), pending()))
    .returning(invitationColumns);
  return row;
}
