import { eq } from 'drizzle-orm';
import { GROUP_MESSAGES } from '@shared/contracts/groups';
import { groups } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { fieldRefusal } from '../../lib/validate';

/**
 * A ticket's new group must exist (400 naming `groupId`). Its row is held (FOR KEY SHARE) until the
 * transaction ends: a group deleted at the same moment either goes first, and this answers 400, or
 * waits for this write and then finds the ticket in it (409).
 */
export async function assertGroupExists(tx: DbOrTx, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const [row] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('key share');
  if (!row) throw fieldRefusal({ groupId: [GROUP_MESSAGES.notFound] });
}
