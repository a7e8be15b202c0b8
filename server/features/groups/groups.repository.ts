import { eq, inArray, sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { groupMembers, groups, ticketCounts, tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export type GroupRow = typeof groups.$inferSelect;
export type GroupValues = Pick<GroupRow, 'name' | 'description' | 'emailAddress' | 'private' | 'assignment'>;

/** A group with its members' ids and its tickets open or in progress (the Trash left out). */
export interface GroupWithCounts extends GroupRow {
  members: string[];
  openTickets: number;
}

/**
 * The group's id, qualified: in a query of one table drizzle writes its columns bare, and inside the
 * subqueries below a bare "id" would be the ticket's.
 */
const groupId = sql`${sql.identifier('groups')}.${sql.identifier('id')}`;

const membersOf = sql<string[]>`coalesce(
  (SELECT array_agg(${groupMembers.userId} ORDER BY ${groupMembers.userId})
     FROM ${groupMembers} WHERE ${groupMembers.groupId} = ${groupId}),
  '{}')`;

/**
 * Open or in progress (not closed either way), the Trash left out: from ticket_counts, which the
 * triggers keep per group, so the sidebar's counts read a handful of rows whatever the ticket count.
 */
const openTicketsOf = sql<number>`(
  SELECT coalesce(sum(${ticketCounts.total}), 0)::int FROM ${ticketCounts}
   WHERE ${ticketCounts.groupId} = ${groupId}
     AND ${ticketCounts.status} NOT IN (${sql.join(
       CLOSED_TICKET_STATUSES.map((status) => sql`${status}`),
       sql`, `,
     )}))`;

const selectGroups = (db: DbOrTx) =>
  db.select({ group: groups, members: membersOf, openTickets: openTicketsOf }).from(groups).$dynamic();

const withCounts = (row: { group: GroupRow; members: string[]; openTickets: number }): GroupWithCounts => ({
  ...row.group,
  members: row.members,
  openTickets: row.openTickets,
});

/** Every group, by name (case-insensitive, as people read a list). */
export async function listGroups(db: DbOrTx): Promise<GroupWithCounts[]> {
  const rows = await selectGroups(db).orderBy(sql`lower(${groups.name})`, groups.id);
  return rows.map(withCounts);
}

export async function findGroup(db: DbOrTx, id: string): Promise<GroupWithCounts | undefined> {
  const [row] = await selectGroups(db).where(eq(groups.id, id));
  return row && withCounts(row);
}

/** The group, locked until the transaction ends (two admins' changes of one group queue). */
export async function lockGroup(tx: DbOrTx, id: string): Promise<GroupRow | undefined> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
  return row;
}

export async function insertGroup(tx: DbOrTx, values: GroupValues): Promise<string> {
  const [row] = await tx.insert(groups).values(values).returning({ id: groups.id });
  return row!.id;
}

export async function updateGroup(tx: DbOrTx, id: string, values: Partial<GroupValues>): Promise<void> {
  await tx
    .update(groups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(groups.id, id));
}

/** The group's members become exactly `userIds`. */
export async function replaceMembers(tx: DbOrTx, groupId: string, userIds: readonly string[]): Promise<void> {
  await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length === 0) return;
  await tx.insert(groupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

/** The ids among `ids` that name no user. */
export async function unknownUsers(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** How many tickets belong to the group, the Trash included (a deleted ticket can come back). */
export async function countTickets(db: DbOrTx, groupId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(eq(tickets.groupId, groupId));
  return row?.count ?? 0;
}

/** The group's tickets, locked in id order: those in the Trash apart (no ticket write takes them). */
export async function lockTicketsOfGroup(
  tx: DbOrTx,
  groupId: string,
): Promise<{ live: string[]; trashed: string[] }> {
  const rows = await tx
    .select({ id: tickets.id, deletedAt: tickets.deletedAt })
    .from(tickets)
    .where(eq(tickets.groupId, groupId))
    .orderBy(tickets.id)
    .for('update');
  return {
    live: rows.filter((row) => !row.deletedAt).map((row) => row.id),
    trashed: rows.filter((row) => row.deletedAt).map((row) => row.id),
  };
}

export async function deleteGroup(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(groups).where(eq(groups.id, id));
}
