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
 *
 * Three named statements (planned once per connection): the group's way of assigning, its lock, and
 * one that chooses the member and takes their turn (docs/performance.md, issue 39).
 */
import { eq, sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { GroupAssignment } from '@shared/contracts/groups';
import { groupMembers, groups } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

/** The picks of one request, per group: the tickets given to each member and not yet written. */
export type PendingPicks = Map<string, Map<string, number>>;

export const newPendingPicks = (): PendingPicks => new Map();

const isAutomatic = (assignment: string): assignment is Exclude<GroupAssignment, 'manual'> =>
  assignment === 'round_robin' || assignment === 'least_open';

const assignmentOf = oncePerDatabase((db) =>
  db
    .select({ assignment: groups.assignment })
    .from(groups)
    .where(eq(groups.id, sql.placeholder('groupId')))
    .prepare('group_assignment_of'),
);

const lockGroup = oncePerDatabase((db) =>
  db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.id, sql.placeholder('groupId')))
    .for('no key update')
    .prepare('group_lock_for_assignment'),
);

/** Open or in progress is any status but these. */
const CLOSED_STATUSES = sql.raw(CLOSED_TICKET_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The next member, their turn taken, in one statement: the active members of the group, by load
 * (least open: their open tickets of the group, plus this request's unwritten picks) and then by
 * turn (never first, oldest next, the id settling ties); the chosen one's turn becomes the group's
 * highest plus one. No row when the group has no active member.
 */
const takeTurn = oncePerDatabase((db) =>
  db
    .update(groupMembers)
    .set({
      assignedTurn: sql`(SELECT coalesce(max(turns.assigned_turn), 0) + 1
        FROM group_members AS turns WHERE turns.group_id = ${sql.placeholder('groupId')})`,
    })
    .where(
      sql`(${groupMembers.groupId}, ${groupMembers.userId}) = (
        SELECT member.group_id, member.user_id
        FROM group_members AS member
        JOIN users ON users.id = member.user_id AND users.active
        LEFT JOIN (
          SELECT counts.assigned_to, sum(counts.total) AS open FROM ticket_counts AS counts
          WHERE ${sql.placeholder('leastOpen')}::boolean
            AND counts.group_id = ${sql.placeholder('groupId')}
            AND counts.status NOT IN (${CLOSED_STATUSES})
          GROUP BY counts.assigned_to
        ) AS load ON load.assigned_to = member.user_id
        LEFT JOIN unnest(${sql.placeholder('pickedUsers')}::uuid[], ${sql.placeholder('pickedCounts')}::int[])
          AS picked(user_id, tickets) ON picked.user_id = member.user_id
        WHERE member.group_id = ${sql.placeholder('groupId')}
        ORDER BY
          CASE WHEN ${sql.placeholder('leastOpen')}::boolean
            THEN coalesce(load.open, 0) + coalesce(picked.tickets, 0) ELSE 0 END,
          member.assigned_turn NULLS FIRST, member.user_id
        LIMIT 1)`,
    )
    .returning({ userId: groupMembers.userId })
    .prepare('group_take_turn'),
);

/** The member a new ticket of the group goes to, their turn taken; null for a manual group or nobody. */
export async function pickGroupAssignee(
  tx: DbOrTx,
  groupId: string,
  pending: PendingPicks = newPendingPicks(),
): Promise<string | null> {
  const [group] = await assignmentOf(tx).execute({ groupId });
  if (!group || !isAutomatic(group.assignment)) return null;
  await lockGroup(tx).execute({ groupId });
  const picked = pending.get(groupId) ?? new Map<string, number>();
  const [chosen] = await takeTurn(tx).execute({
    groupId,
    leastOpen: group.assignment === 'least_open',
    pickedUsers: [...picked.keys()],
    pickedCounts: [...picked.values()],
  });
  if (!chosen) return null;
  picked.set(chosen.userId, (picked.get(chosen.userId) ?? 0) + 1);
  pending.set(groupId, picked);
  return chosen.userId;
}
