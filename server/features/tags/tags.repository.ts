import { and, asc, desc, gt, like, sql } from 'drizzle-orm';
import { tagCounts, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { escapeLikePattern } from '../../lib/like-pattern';

export interface TagCountRow {
  name: string;
  count: number;
}

/**
 * Tags carried by tickets not deleted (tag_counts, kept by triggers), those starting with `prefix`,
 * most used first, then by name. A tag whose last ticket went keeps its row at 0 and is left out.
 *
 * Issue 39: the tickets of `hiddenGroupIds` (the caller's hidden groups) are not counted, and a tag
 * only they carry is left out. tag_counts knows no groups, so their tags are counted from those
 * tickets (a ticket's tags are distinct) and taken off; with none hidden the statement is the one of
 * before groups.
 */
export function listTagCounts(
  db: DbOrTx,
  prefix: string,
  limit: number,
  hiddenGroupIds: readonly string[] = [],
): Promise<TagCountRow[]> {
  const matching = prefix ? like(tagCounts.tag, `${escapeLikePattern(prefix)}%`) : undefined;
  if (hiddenGroupIds.length > 0) return listVisibleTagCounts(db, matching, limit, hiddenGroupIds);
  return db
    .select({ name: tagCounts.tag, count: tagCounts.total })
    .from(tagCounts)
    .where(and(gt(tagCounts.total, 0), matching))
    .orderBy(desc(tagCounts.total), asc(tagCounts.tag))
    .limit(limit);
}

async function listVisibleTagCounts(
  db: DbOrTx,
  matching: ReturnType<typeof like> | undefined,
  limit: number,
  hiddenGroupIds: readonly string[],
): Promise<TagCountRow[]> {
  const visible = sql`(${tagCounts.total} - coalesce(hidden.uses, 0))`;
  const result = await db.execute<{ name: string; count: number }>(sql`
    SELECT ${tagCounts.tag} AS name, ${visible}::int AS count
    FROM ${tagCounts}
    LEFT JOIN (
      SELECT hidden_tag AS tag, count(*) AS uses
      FROM ${tickets} AS hidden_ticket CROSS JOIN LATERAL unnest(hidden_ticket.tags) AS hidden_tag
      WHERE hidden_ticket.group_id = ANY(${`{${hiddenGroupIds.join(',')}}`}::uuid[])
        AND hidden_ticket.deleted_at IS NULL
      GROUP BY hidden_tag
    ) AS hidden ON hidden.tag = ${tagCounts.tag}
    WHERE ${and(sql`${visible} > 0`, matching)}
    ORDER BY ${visible} DESC, ${tagCounts.tag}
    LIMIT ${limit}`);
  return result.rows;
}
