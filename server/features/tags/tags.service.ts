import { normaliseTag, type TagCount } from '@shared/contracts/ticket-fields';
import type { Database } from '../../db/client';
import { listTagCounts } from './tags.repository';

/**
 * The autocomplete of tags (issue 38): the search is matched as tags are stored, trimmed and
 * lower-cased. The tickets of `hiddenGroupIds` are not counted (issue 39).
 */
export function searchTags(
  db: Database,
  query: { search?: string; limit: number },
  hiddenGroupIds: readonly string[] = [],
): Promise<TagCount[]> {
  return listTagCounts(db, normaliseTag(query.search ?? ''), query.limit, hiddenGroupIds);
}
