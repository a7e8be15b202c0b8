import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/** What the Team page shows of an account: never the password hash. */
const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  active: users.active,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

export interface MemberRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  active: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

/** Every account, deactivated ones included, in the order of the user lists (first, then last name). */
export function listMembers(db: DbOrTx): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .orderBy(
      sql`lower(${users.firstName}) asc nulls last`,
      sql`lower(${users.lastName}) asc nulls last`,
      asc(users.id),
    );
}

export async function findMember(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Whether an active admin other than `exceptId` exists. */
export async function otherActiveAdminExists(db: DbOrTx, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateMember(
  db: DbOrTx,
  id: string,
  changes: { role?: string; active?: boolean },
): Promise<MemberRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(memberColumns);
  if (!row) throw new Error('update of users returned no row');
  return row;
}
