/**
 * Automatic assignment (issue 39): a ticket entering a group whose `assignment` is `round_robin` or
 * `least_open`, with nobody assigned, gets a member at once, in the writer's transaction.
 *
 * - The group's row is locked (FOR NO KEY UPDATE) for the rest of the transaction, so two tickets
 *   entering one group at once, from any number of app processes, take their turns one after the
 *   other: the second reads the first's committed turn and counts. The lock does not conflict with
 *   the FOR KEY SHARE every writer of a ticket in the group holds (ticket-group.ts), so the upgrade
 *   cannot deadlock with them.
 * - Each member's last turn is `group_members.assigned_turn`; the lowest (never first) goes next.
 * - `least_open` counts each member's open and in-progress tickets of the group from ticket_counts
 *   (kept by triggers, a handful of rows), plus the picks this request made and has not written yet.
 * - Deactivated members are never chosen; a group without an active member leaves the ticket as it is.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { GroupAssignment } from '@shared/contracts/groups';
import { groupMembers, groups, ticketCounts, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

interface Candidate {
  userId: string;
  turn: number | null;
  open: number;
}

/** The picks of one request, per group: the tickets given to each member and not yet written. */
export type PendingPicks = Map<string, Map<string, number>>;

export const newPendingPicks = (): PendingPicks => new Map();

const isAutomatic = (assignment: string): assignment is Exclude<GroupAssignment, 'manual'> =>
  assignment === 'round_robin' || assignment === 'least_open';

/** The group's way of assigning, its row locked when automatic (see above); undefined for no group. */
async function lockForAssignment(tx: DbOrTx, groupId: string): Promise<GroupAssignment | undefined> {
  const [group] = await tx
    .select({ assignment: groups.assignment })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!group || !isAutomatic(group.assignment)) return undefined;
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('no key update');
  return group.assignment;
}

/** Open or in progress is any status but these. */
const CLOSED_STATUSES = sql.join(
  CLOSED_TICKET_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

async function candidates(tx: DbOrTx, groupId: string, countOpen: boolean): Promise<Candidate[]> {
  const rows = await tx
    .select({ userId: groupMembers.userId, turn: groupMembers.assignedTurn })
    .from(groupMembers)
    .innerJoin(users, and(eq(users.id, groupMembers.userId), eq(users.active, true)))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.userId));
  if (!countOpen || rows.length === 0) return rows.map((row) => ({ ...row, open: 0 }));
  const counts = await tx
    .select({ userId: ticketCounts.assignedTo, open: sql<number>`sum(${ticketCounts.total})::int` })
    .from(ticketCounts)
    .where(
      and(
        eq(ticketCounts.groupId, groupId),
        inArray(
          ticketCounts.assignedTo,
          rows.map((row) => row.userId),
        ),
        sql`${ticketCounts.status} NOT IN (${CLOSED_STATUSES})`,
      ),
    )
    .groupBy(ticketCounts.assignedTo);
  const openOf = new Map(counts.map((row) => [row.userId, row.open]));
  return rows.map((row) => ({ ...row, open: openOf.get(row.userId) ?? 0 }));
}

/** Lower turn first, never-chosen before anyone; the user id settles the rest (a stable order). */
const byTurn = (a: Candidate, b: Candidate) => {
  if (a.turn !== b.turn) {
    if (a.turn === null) return -1;
    if (b.turn === null) return 1;
    return a.turn - b.turn;
  }
  return a.userId < b.userId ? -1 : 1;
};

/** The member a new ticket of the group goes to, their turn taken; null for a manual group or nobody. */
export async function pickGroupAssignee(
  tx: DbOrTx,
  groupId: string,
  pending: PendingPicks = newPendingPicks(),
): Promise<string | null> {
  const assignment = await lockForAssignment(tx, groupId);
  if (!assignment) return null;
  const picked = pending.get(groupId) ?? new Map<string, number>();
  const members = await candidates(tx, groupId, assignment === 'least_open');
  const load = (member: Candidate) => member.open + (picked.get(member.userId) ?? 0);
  const [chosen] = members.sort((a, b) =>
    assignment === 'least_open' && load(a) !== load(b) ? load(a) - load(b) : byTurn(a, b),
  );
  if (!chosen) return null;
  await tx
    .update(groupMembers)
    .set({
      assignedTurn: sql`(SELECT coalesce(max(turns.assigned_turn), 0) + 1
        FROM ${groupMembers} AS turns WHERE turns.group_id = ${groupId})`,
    })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, chosen.userId)));
  picked.set(chosen.userId, (picked.get(chosen.userId) ?? 0) + 1);
  pending.set(groupId, picked);
  return chosen.userId;
}
