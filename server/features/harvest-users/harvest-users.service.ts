/**
 * Which Harvest user each agent's hours go under. Agents are matched to Harvest users by email
 * (case-insensitively) when credentials are saved and verified, and on the admin's Match Users; an
 * admin can also pick or clear one by hand. An agent without one logs time under the token's owner.
 */
import {
  HARVEST_USERS_TEXTS,
  type HarvestMapping,
  type HarvestMappingsResponse,
  type HarvestUser,
  type MatchHarvestUsersResponse,
} from '@shared/contracts/harvest-users';
import type { Database } from '../../db/client';
import type { HarvestClient, HarvestUser as HarvestApiUser } from '../../harvest/client';
import { HarvestAuthError, HarvestError, HarvestForbiddenError } from '../../harvest/errors';
import type { HarvestServices } from '../../harvest/sync/harvest-services';
import { AppError, notFound } from '../../lib/errors';
import * as repository from './harvest-users.repository';

const MESSAGES = {
  notConfigured: 'Harvest is not configured: an administrator must save the Harvest credentials first',
  unreadable: 'The saved Harvest credentials cannot be read with this server’s encryption key',
  rejected: 'Harvest rejected the saved credentials',
  unreachable: (reason: string) => `Could not reach Harvest to list its users (${reason})`,
  unknownAgent: 'No such agent',
} as const;

const toHarvestUser = (user: HarvestApiUser): HarvestUser => ({
  id: user.id,
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
});

async function clientForSavedCredentials(harvest: HarvestServices): Promise<HarvestClient> {
  const state = await harvest.loadCredentials();
  if (state.status === 'not_configured') throw new AppError('unavailable', MESSAGES.notConfigured);
  if (state.status === 'unreadable') throw new AppError('unavailable', MESSAGES.unreadable);
  return harvest.createClient(state.credentials);
}

/** Harvest's answer as the admin should read it. */
function asAppError(error: unknown): unknown {
  if (error instanceof HarvestForbiddenError)
    return new AppError('conflict', HARVEST_USERS_TEXTS.listRefused);
  if (error instanceof HarvestAuthError) return new AppError('unavailable', MESSAGES.rejected);
  if (error instanceof HarvestError) return new AppError('unavailable', MESSAGES.unreachable(error.message));
  return error;
}

/** The account's active Harvest users (GET /v2/users: an administrator's or manager's token). */
export async function listHarvestUsers(harvest: HarvestServices): Promise<HarvestUser[]> {
  const client = await clientForSavedCredentials(harvest);
  try {
    const users = await client.listUsers({ is_active: true });
    return users
      .map(toHarvestUser)
      .sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  } catch (error) {
    throw asAppError(error);
  }
}

export async function getMappings(db: Database, harvest: HarvestServices): Promise<HarvestMappingsResponse> {
  const state = await harvest.loadCredentials();
  const owner = state.status === 'not_configured' ? null : state.stored.harvestUser;
  return {
    mappings: await repository.listMappings(db),
    tokenOwner: owner ? { id: owner.id, name: owner.name } : null,
  };
}

/** Sets or clears an agent's Harvest user; one Harvest user belongs to one agent at most (409). */
export async function setMapping(
  db: Database,
  userId: string,
  harvestUserId: number | null,
): Promise<HarvestMapping> {
  return db.transaction(async (tx) => {
    await repository.lockMappings(tx);
    const agent = await repository.findMapping(tx, userId);
    if (!agent) throw notFound(MESSAGES.unknownAgent);
    if (harvestUserId !== null) {
      const holder = await repository.findByHarvestUser(tx, harvestUserId);
      if (holder && holder.userId !== userId) {
        const name = [holder.firstName, holder.lastName].filter(Boolean).join(' ') || holder.email;
        throw new AppError('conflict', HARVEST_USERS_TEXTS.alreadyMapped(name), {
          fieldErrors: { harvestUserId: [HARVEST_USERS_TEXTS.alreadyMapped(name)] },
        });
      }
    }
    await repository.setHarvestUser(tx, userId, harvestUserId);
    return { ...agent, harvestUserId };
  });
}

/**
 * Gives every agent whose email is a Harvest user's email that Harvest user, unless another agent
 * already has it. Agents without a match keep what they had (an admin may have picked one by hand).
 */
export async function matchByEmail(db: Database, harvestUsers: readonly HarvestUser[]): Promise<number> {
  const byEmail = new Map(harvestUsers.map((user) => [user.email.trim().toLowerCase(), user.id]));
  return db.transaction(async (tx) => {
    await repository.lockMappings(tx);
    const agents = await repository.listMappings(tx);
    const taken = new Map(
      agents.flatMap((agent) => (agent.harvestUserId === null ? [] : [[agent.harvestUserId, agent.userId]])),
    );
    let matched = 0;
    for (const agent of agents) {
      const harvestUserId = byEmail.get(agent.email.trim().toLowerCase());
      if (harvestUserId === undefined || agent.harvestUserId === harvestUserId) continue;
      const holder = taken.get(harvestUserId);
      if (holder !== undefined && holder !== agent.userId) continue;
      if (agent.harvestUserId !== null) taken.delete(agent.harvestUserId);
      taken.set(harvestUserId, agent.userId);
      await repository.setHarvestUser(tx, agent.userId, harvestUserId);
      matched += 1;
    }
    return matched;
  });
}

/** The admin's Match Users: reads Harvest's users and matches agents by email. */
export async function matchUsers(db: Database, harvest: HarvestServices): Promise<MatchHarvestUsersResponse> {
  const matched = await matchByEmail(db, await listHarvestUsers(harvest));
  return { matched, mappings: await repository.listMappings(db) };
}

/**
 * After credentials are saved and verified: match by email with the users the token may list, or,
 * for a member's token (which may not list users), with the token's owner alone.
 */
export async function matchAfterVerification(
  db: Database,
  client: HarvestClient,
  owner: HarvestApiUser,
): Promise<number> {
  let users: HarvestUser[];
  try {
    users = (await client.listUsers({ is_active: true })).map(toHarvestUser);
  } catch (error) {
    if (!(error instanceof HarvestForbiddenError)) throw error;
    users = [toHarvestUser(owner)];
  }
  return matchByEmail(db, users);
}
