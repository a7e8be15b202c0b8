/**
 * Which Harvest user each agent's hours go under (issue 16). Plain zod only: the SPA imports this file.
 *
 * - GET /api/harvest/users (admins) → HarvestUsersResponse: the account's Harvest users (GET /v2/users,
 *   which needs an administrator's or manager's token).
 * - PUT /api/users/{id}/harvest-user (admins) with {harvestUserId: number | null} → HarvestMappingResponse.
 * - POST /api/harvest/users/match (admins) → MatchHarvestUsersResponse: sets every agent whose email is
 *   a Harvest user's email (case-insensitively); also done when credentials are saved and verified.
 * - GET /api/harvest/mapping (everyone signed in) → HarvestMappingsResponse: every agent's Harvest user,
 *   and whose name unmapped agents' hours go under.
 */
import { z } from 'zod';

export const HARVEST_USERS_TEXTS = {
  title: 'Harvest Users',
  description: 'Each agent’s hours go to Harvest under their own Harvest user.',
  agent: 'Agent',
  harvestUser: 'Harvest User',
  notMapped: 'Not matched',
  match: 'Match Users',
  matching: 'Matching...',
  matched: (count: number) => `${count} ${count === 1 ? 'agent' : 'agents'} matched by email`,
  listRefused:
    'These credentials cannot list Harvest users: an administrator’s or manager’s token is needed to match agents',
  mappingSaved: 'Harvest user saved',
  mappingCleared: 'Harvest user cleared',
  loggedAs: (name: string) => `logged as ${name} in Harvest`,
  loggedAsYou: (name: string) => `Your hours go to Harvest as ${name}`,
  alreadyMapped: (agentName: string) => `That Harvest user is already matched to ${agentName}`,
  /** A Harvest user whose name the reader cannot be given (agents may not list Harvest's users). */
  userNumber: (id: number) => `Harvest user #${id}`,
  loadFailed: 'Could not load the Harvest users',
  noAgents: 'No agents yet',
} as const;

export interface HarvestUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export interface HarvestUsersResponse {
  users: HarvestUser[];
}

export const harvestMappingInputSchema = z.object({
  harvestUserId: z
    .number({ error: 'Harvest user must be a number or null' })
    .int('Harvest user must be a whole number')
    .positive('Harvest user must be a positive number')
    .max(2_147_483_647, 'Harvest user is out of range')
    .nullable(),
});
export type HarvestMappingInput = z.output<typeof harvestMappingInputSchema>;

/** One agent and the Harvest user their hours go under (null: the token owner's). */
export interface HarvestMapping {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  harvestUserId: number | null;
}

export type HarvestMappingResponse = HarvestMapping;

export interface HarvestMappingsResponse {
  mappings: HarvestMapping[];
  /** Whose name unmapped agents' hours go under: the saved token's owner; null when not configured. */
  tokenOwner: { id: number; name: string } | null;
}

export interface MatchHarvestUsersResponse {
  /** Agents whose mapping this match set or changed. */
  matched: number;
  mappings: HarvestMapping[];
}
