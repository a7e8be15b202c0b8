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

export const harvestUserSchema = /* @__PURE__ */ z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type HarvestUser = z.infer<typeof harvestUserSchema>;

export const harvestUsersResponseSchema = /* @__PURE__ */ z.object({ users: z.array(harvestUserSchema) });
export type HarvestUsersResponse = z.infer<typeof harvestUsersResponseSchema>;

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
export const harvestMappingSchema = /* @__PURE__ */ z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  harvestUserId: z.number().nullable(),
});
export type HarvestMapping = z.infer<typeof harvestMappingSchema>;

export type HarvestMappingResponse = HarvestMapping;

export const harvestMappingsResponseSchema = /* @__PURE__ */ z.object({
  mappings: z.array(harvestMappingSchema),
  /** Whose name unmapped agents' hours go under: the saved token's owner; null when not configured. */
  tokenOwner: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type HarvestMappingsResponse = z.infer<typeof harvestMappingsResponseSchema>;

export const matchHarvestUsersResponseSchema = /* @__PURE__ */ z.object({
  /** Agents whose mapping this match set or changed. */
  matched: z.number(),
  mappings: z.array(harvestMappingSchema),
});
export type MatchHarvestUsersResponse = z.infer<typeof matchHarvestUsersResponseSchema>;
