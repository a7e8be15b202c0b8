/**
 * Which of the groups a mailbox list names exist (issue 39): a mailbox's group is checked when the
 * settings are saved (400 naming its field otherwise). A group deleted afterwards is no error: its
 * mailbox's mail is then routed by address (server/features/inbound/group-routing.ts).
 */
import { inArray } from 'drizzle-orm';
import { groups } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export async function existingGroupIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...new Set(ids)]));
  return new Set(rows.map((row) => row.id));
}
