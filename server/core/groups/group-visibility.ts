/**
 * Private groups (issue 39): a group with `private` set is seen only by its members and by admins.
 * Every reader of tickets asks here which groups the caller may not see and leaves their tickets out
 * (the list, search and its totals, the dashboard, team counts, reports, notifications, time entries,
 * the groups themselves), and the ticket routes answer 404 for a ticket in one of them.
 *
 * The answer is a list of group ids, usually empty: an admin, a help desk without private groups and
 * a member of every private group all get [], and every reader then runs exactly the statement it ran
 * before groups existed. A handful of private groups makes a short `<> ALL` list.
 */
import { and, eq, isNull, not, or, sql, type Column, type SQL } from 'drizzle-orm';
import { groupMembers, groups, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

/** Who is reading: their id and whether they are an admin (admins see every group). */
export interface GroupViewer {
  id: string;
  role: string;
}

/** The private groups `userId` is not a member of: a named statement, parsed once per connection. */
const privateGroupsWithout = oncePerDatabase((db) =>
  db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.private, true),
        sql`NOT EXISTS (SELECT 1 FROM ${groupMembers}
              WHERE ${groupMembers.groupId} = ${groups.id} AND ${groupMembers.userId} = ${sql.placeholder('userId')})`,
      ),
    )
    .prepare('private_groups_without'),
);

/** The ids of the groups whose tickets the viewer may not see; [] for admins. */
export async function hiddenGroupIds(db: DbOrTx, viewer: GroupViewer): Promise<string[]> {
  if (viewer.role === 'admin') return [];
  const rows = await privateGroupsWithout(db).execute({ userId: viewer.id });
  return rows.map((row) => row.id);
}

/**
 * The condition "a row whose group the viewer may see" on a group column (tickets.group_id,
 * ticket_counts.group_id); undefined when nothing is hidden, so the statement stays as it was.
 */
export function visibleGroupCondition(column: Column | SQL, hidden: readonly string[]): SQL | undefined {
  if (hidden.length === 0) return undefined;
  return or(isNull(column), not(sql`${column} = ANY(${uuidArray(hidden)}::uuid[])`));
}

/**
 * The condition "the ticket `ticketId` names (a time entry's, a notice's) is not in a hidden group":
 * true for no ticket. A lookup of the ticket by its key; undefined while nothing is hidden.
 */
export function ticketOutsideHiddenGroups(
  ticketId: Column | SQL,
  hidden: readonly string[],
): SQL | undefined {
  if (hidden.length === 0) return undefined;
  return sql`NOT EXISTS (SELECT 1 FROM ${tickets} AS hidden_ticket
    WHERE hidden_ticket.id = ${ticketId} AND hidden_ticket.group_id = ANY(${uuidArray(hidden)}::uuid[]))`;
}

/** Group ids as one array value (ids read from the database, so plain uuids). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Whether the viewer may see a ticket of `groupId` (null: no group, seen by everyone). */
export async function maySeeGroup(db: DbOrTx, viewer: GroupViewer, groupId: string | null): Promise<boolean> {
  if (!groupId || viewer.role === 'admin') return true;
  return !(await hiddenGroupIds(db, viewer)).includes(groupId);
}
