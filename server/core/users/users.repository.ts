import { and, asc, eq, sql } from 'drizzle-orm';
import { settings, ticketCounts, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { REGISTRATION_SETTINGS_KEY } from '../registration-settings';
import type { SessionUserRow, UserProfileRow } from './user.mapper';

/** Every column except the password hash: what the repository hands out by default. */
export const userProfileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  active: users.active,
};

/**
 * Whether the user must set two-step sign-in up first: admins require it (the registration setting's
 * requireTotp, read as the setting stores it: only a JSON true counts) and the user has not turned it
 * on. A column of the statement that reads the session (server/middleware/session.ts), so holding a
 * session to the setup costs no statement of its own.
 */
export const totpSetupDueColumn = sql<boolean>`(${users.totpSecretSealed} IS NULL AND EXISTS (
  SELECT 1 FROM ${settings}
  WHERE ${settings.key} = ${REGISTRATION_SETTINGS_KEY} AND ${settings.value} -> 'requireTotp' = 'true'::jsonb))`;

/** The signed-in user as requireAuth needs them, for a session made during this request. */
export async function findSessionUser(db: DbOrTx, id: string): Promise<SessionUserRow | undefined> {
  const [row] = await db
    .select({ ...userProfileColumns, totpSetupDue: totpSetupDueColumn })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserProfileRow | undefined> {
  const [row] = await db.select(userProfileColumns).from(users).where(eq(users.id, id));
  return row;
}

/** For verifying a password only: the hash never travels further than the auth service. */
export async function findCredentialsByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; passwordHash: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.password, active: users.active })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findPasswordHashById(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.password }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; firstName: string; lastName: string; role: string },
): Promise<UserProfileRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      password: values.passwordHash,
      firstName: values.firstName,
      lastName: values.lastName,
      role: values.role,
    })
    .returning(userProfileColumns);
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updatePasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ password: passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Records a successful sign-in (the Team page's "last sign-in"). */
export async function recordSignIn(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Users by first, then last name (letter case ignored; users without a name last): the active ones
 * (the pickers), or with `includeDeactivated` every account (names of past work).
 */
export function listUsers(
  db: DbOrTx,
  options: { includeDeactivated?: boolean } = {},
): Promise<UserProfileRow[]> {
  return db
    .select(userProfileColumns)
    .from(users)
    .where(options.includeDeactivated ? undefined : eq(users.active, true))
    .orderBy(
      sql`lower(${users.firstName}) asc nulls last`,
      sql`lower(${users.lastName}) asc nulls last`,
      asc(users.id),
    );
}

/**
 * For each user, in the order of listUsers, how many tickets in `statuses` are assigned to them:
 * summed from ticket_counts (kept exact by triggers on tickets), not counted ticket by ticket. The Team
 * Status panel polls it, so it is a prepared statement. Deactivated users are left out unless
 * `includeDeactivated` (the Team page, where an admin reassigns a leaver's tickets).
 */
const assignedTicketsPerUser = oncePerDatabase((db) =>
  db
    .select({ userId: users.id, ticketCount: sql<number>`coalesce(sum(${ticketCounts.total}), 0)::int` })
    .from(users)
    .leftJoin(
      ticketCounts,
      and(
        eq(ticketCounts.assignedTo, users.id),
        sql`${ticketCounts.status} = ANY(${sql.placeholder('statuses')})`,
        // Issue 39: the private groups the caller may not see ([] for none) are out of their counts.
        sql`(${ticketCounts.groupId} IS NULL OR ${ticketCounts.groupId} <> ALL(${sql.placeholder('hiddenGroupIds')}::uuid[]))`,
      ),
    )
    .where(sql`(${sql.placeholder('includeDeactivated')}::boolean OR ${users.active})`)
    .groupBy(users.id)
    .orderBy(
      sql`lower(${users.firstName}) asc nulls last`,
      sql`lower(${users.lastName}) asc nulls last`,
      asc(users.id),
    )
    .prepare('assigned_tickets_per_user'),
);

export function countAssignedTicketsPerUser(
  db: DbOrTx,
  statuses: readonly string[],
  options: { includeDeactivated?: boolean; hiddenGroupIds?: readonly string[] } = {},
): Promise<{ userId: string; ticketCount: number }[]> {
  return assignedTicketsPerUser(db).execute({
    statuses,
    includeDeactivated: options.includeDeactivated ?? false,
    hiddenGroupIds: options.hiddenGroupIds ?? [],
  });
}

/** The ids of the admins whose accounts are active (who hear of what only admins may act on). */
export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM ${users} WHERE role = 'admin' AND active ORDER BY id`,
  );
  return rows.map((row) => row.id);
}
