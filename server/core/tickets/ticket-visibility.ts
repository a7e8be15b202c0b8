/**
 * Routes that name tickets in their body (the bulk change and delete, merging) answer for a ticket of
 * a private group the caller may not see exactly as for a ticket that does not exist (issue 39); the
 * routes that name one in their path are guarded once for all (unseen-ticket-guard.ts).
 */
import { and, inArray, sql } from 'drizzle-orm';
import { tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { ticketsMissing } from './ticket-writes.service';

/** 404 naming the tickets among `ids` that are in `hiddenGroupIds`; nothing read while none is hidden. */
export async function assertTicketsVisible(
  db: DbOrTx,
  hiddenGroupIds: readonly string[],
  ids: readonly string[],
): Promise<void> {
  if (hiddenGroupIds.length === 0 || ids.length === 0) return;
  const hidden = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        inArray(tickets.id, [...ids]),
        sql`${tickets.groupId} = ANY(${`{${hiddenGroupIds.join(',')}}`}::uuid[])`,
      ),
    );
  if (hidden.length > 0)
    throw ticketsMissing(
      ids,
      hidden.map((row) => row.id),
    );
}
