/**
 * Query keys of the time feature. Keys start with the URL's path segments, so a shorter key
 * invalidates everything below it: `entriesRoot` refreshes the recent list and the summary together,
 * and `harvestProjects` the project list with every project's tasks. The Harvest keys are URL-shaped
 * so the Close Ticket card's pickers (tickets feature) share these cache entries.
 */
export const timeKeys = {
  entriesRoot: ['/api/time-entries'] as const,
  entries: (limit: number) => [...timeKeys.entriesRoot, 'list', limit] as const,
  summary: (today: string) => [...timeKeys.entriesRoot, 'summary', today] as const,
  harvestProjects: () => ['/api/harvest/projects'] as const,
  harvestTasks: (projectId: number) => [...timeKeys.harvestProjects(), projectId, 'tasks'] as const,
  /** Shared by URL with the settings feature, whose Harvest Users table changes the mapping. */
  harvestMapping: () => ['/api/harvest/mapping'] as const,
  harvestUsers: () => ['/api/harvest/users'] as const,
  /**
   * The reports feature's queries, read from the time entries too: a change of an entry refreshes
   * them. Named by URL because features never import each other.
   */
  reportsRoot: ['/api/reports'] as const,
};
