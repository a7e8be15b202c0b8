import { sql, type Column, type SQL } from 'drizzle-orm';
import { ticketOutsideHiddenGroups, visibleGroupCondition } from '../../core/groups/group-visibility';

/**
 * Issue 39: the reports count only what the caller may see. `hidden` is the caller's hidden groups
 * (server/core/groups/group-visibility.ts); while it is empty (admins, members of every private group,
 * a help desk without private groups) each condition is empty and every statement is the one of
 * before groups.
 */
export const visibleTicket = (groupColumn: Column | SQL, hidden: readonly string[]): SQL =>
  optional(visibleGroupCondition(groupColumn, hidden));

/**
 * A time entry counts unless its ticket is in a hidden group: time on no ticket always counts. A
 * lookup of the ticket by its key, made only while something is hidden.
 */
export const entryOfVisibleTicket = (entryTicketId: Column | SQL, hidden: readonly string[]): SQL =>
  optional(ticketOutsideHiddenGroups(entryTicketId, hidden));

/** `AND condition`, or nothing at all. */
const optional = (condition: SQL | undefined): SQL => (condition ? sql`AND ${condition}` : sql``);
