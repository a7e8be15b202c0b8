/**
 * Query keys of the Harvest pickers on the Close Ticket card. They are the URLs' path segments, the
 * same keys the time feature reads, so both share one cache entry per list; invalidating the projects
 * key invalidates every project's tasks below it.
 */
export const harvestKeys = {
  projects: () => ['/api/harvest/projects'] as const,
  tasks: (projectId: number) => [...harvestKeys.projects(), projectId, 'tasks'] as const,
};
