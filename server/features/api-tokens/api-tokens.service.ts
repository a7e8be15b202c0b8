import { sql } from 'drizzle-orm';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  type ApiToken,
  type CreateApiTokenInput,
  type CreateApiTokenResponse,
  type TeamApiToken,
} from '@shared/contracts/api-tokens';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { newApiTokenSecret } from '../../core/api-tokens/api-token-secret';
import * as repository from '../../core/api-tokens/api-tokens.repository';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { toApiToken, toTeamApiToken } from './api-tokens.mapper';

interface Actor {
  id: string;
  ip: string;
}

/**
 * A new token of `actor`'s: its secret is in this answer only. The count of live tokens and the
 * insert share a transaction locked on the user, so two creations at once cannot pass the limit.
 */
export async function createToken(
  db: Database,
  actor: Actor,
  input: CreateApiTokenInput,
): Promise<CreateApiTokenResponse> {
  const { secret, hash, prefix } = newApiTokenSecret();
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${actor.id} FOR UPDATE`);
    if ((await repository.countLiveTokens(tx, actor.id)) >= API_TOKEN_LIMITS.perUser)
      throw conflict(API_TOKEN_MESSAGES.tooMany);
    const inserted = await repository.insertApiToken(tx, {
      userId: actor.id,
      name: input.name,
      scope: input.scope,
      prefix,
      tokenHash: hash,
      expiresInDays: input.expiresInDays ?? null,
    });
    await recordSecurityEvent(tx, {
      kind: 'api_token_created',
      actorId: actor.id,
      targetId: actor.id,
      ip: actor.ip,
    });
    return inserted;
  });
  return { token: toApiToken(row), secret };
}

export async function listTokens(db: Database, userId: string): Promise<ApiToken[]> {
  return (await repository.listUserTokens(db, userId)).map(toApiToken);
}

export async function listTeamTokens(db: Database): Promise<TeamApiToken[]> {
  return (await repository.listAllTokens(db)).map(toTeamApiToken);
}

/** Revokes a token: the user's own, or (`asAdmin`) anyone's. 404 for one that is not there to revoke. */
export async function revokeToken(db: Database, actor: Actor, id: string, asAdmin = false): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repository.deleteApiToken(tx, id, asAdmin ? undefined : actor.id);
    if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
    await recordSecurityEvent(tx, {
      kind: 'api_token_revoked',
      actorId: actor.id,
      targetId: row.userId,
      ip: actor.ip,
    });
  });
}
