import { USERS_KEY } from '@/lib/users';
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
  /** GET /api/team (admins): members and pending invitations. */
  team: () => ['/api/team'] as const,
  /** GET /api/team/ticket-counts (admins): open tickets per member, deactivated ones included. */
  teamTicketCounts: () => ['/api/team', 'ticket-counts'] as const,
  /** GET /api/auth/sessions: the signed-in user's own sessions. */
  sessions: () => ['/api/auth/sessions'] as const,
  /** GET /api/team/audit (admins): the security events, paged; under /api/team, refetched with it. */
  audit: () => ['/api/team', 'audit'] as const,
  /** GET /api/auth/tokens: the signed-in user's own API tokens (issue 43). */
  apiTokens: () => ['/api/auth/tokens'] as const,
  /** GET /api/team/tokens (admins): everyone's API tokens; under /api/team, refetched with it. */
  teamApiTokens: () => ['/api/team', 'tokens'] as const,
};

/**
 * What a change to the team makes stale in other features, named by URL: the pickers and Team Status
 * (a deactivated member leaves them).
 */
export const TEAM_DEPENDENT_KEYS = [USERS_KEY] as const;

/**
 * What new Harvest credentials make stale in other features, named by URL because features never
 * import each other: the picker lists (and every project's tasks below them) and the time entries,
 * which the server queues again for the new credentials.
 */
export const HARVEST_DEPENDENT_KEYS = [['/api/harvest/projects'], ['/api/time-entries']] as const;
