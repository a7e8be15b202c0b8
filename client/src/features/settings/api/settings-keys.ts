import type { SettingKey } from '@shared/constants';

/**
 * Query keys of the settings feature. Keys are the URL's path segments, so joining a key with "/"
 * gives the URL it reads.
 */
export const settingsKeys = {
  all: ['/api/settings'] as const,
  setting: (key: SettingKey) => [...settingsKeys.all, key] as const,
  /** GET /api/settings/email; the tickets feature's Reply card reads the same entry. */
  email: () => [...settingsKeys.all, 'email'] as const,
  /** GET /api/harvest/users; the time feature reads the same entry for an admin's own Harvest name. */
  harvestUsers: () => ['/api/harvest/users'] as const,
  /** GET /api/harvest/mapping; the time feature reads the same entry for its "logged as" line. */
  harvestMapping: () => ['/api/harvest/mapping'] as const,
};

/**
 * What new Harvest credentials make stale in other features, named by URL because features never
 * import each other: the picker lists (and every project's tasks below them) and the time entries,
 * which the server queues again for the new credentials.
 */
export const HARVEST_DEPENDENT_KEYS = [['/api/harvest/projects'], ['/api/time-entries']] as const;
