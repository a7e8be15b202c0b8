import type { SavedViewQuery } from '@shared/contracts/views';

/**
 * Query keys of the views feature. The views are keyed by their URL; a view's count is a ticket list
 * entry (below `['/api/tickets', 'list']`), so every ticket change that refreshes the lists refreshes
 * the counts too.
 */
export const viewKeys = {
  all: ['/api/views'] as const,
  count: (query: SavedViewQuery) => ['/api/tickets', 'list', 'view-count', query] as const,
};
