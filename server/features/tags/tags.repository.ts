import { and, asc, desc, gt, like } from 'drizzle-orm';
import { tagCounts } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

/**
 * Tags carried by tickets not deleted (tag_counts, kept by triggers), those starting with `prefix`,
 * most used first, then by name. A tag whose last ticket went keeps its row at 0 and is left out.
 */
export function listTagCounts(db: DbOrTx, prefix: string, limit: number) {
  return db
    .select({ name: tagCounts.tag, count: tagCounts.total })
    .from(tagCounts)
    .where(
      and(gt(tagCounts.total, 0), prefix ? like(tagCounts.tag, `${escapeLikePattern(prefix)}%`) : undefined),
    )
    .orderBy(desc(tagCounts.total), asc(tagCounts.tag))
    .limit(limit);
}
