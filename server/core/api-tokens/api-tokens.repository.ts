/**
 * The API tokens' table (issue 43). A token as it authenticates a request comes with its owner as
 * requireAuth needs them (the session store's user columns), in one statement.
 */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { apiTokenAddresses, apiTokens, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { totpSetupDueColumn, userProfileColumns } from '../users/users.repository';
import type { SessionUserRow } from '../users/user.mapper';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export interface NewApiToken {
  userId: string;
  name: string;
  scope: string;
  prefix: string;
  tokenHash: string;
  expiresInDays: number | null;
}

export async function insertApiToken(db: DbOrTx, token: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: token.userId,
      name: token.name,
      scope: token.scope,
      prefix: token.prefix,
      tokenHash: token.tokenHash,
      expiresAt:
        token.expiresInDays === null ? null : sql`now() + make_interval(days => ${token.expiresInDays})`,
    })
    .returning();
  return row!;
}

const live = or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`));

export async function countLiveTokens(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live));
  return row?.n ?? 0;
}

/** A user's tokens, newest first (expired ones too, until revoked: the list says they expired). */
export function listUserTokens(db: DbOrTx, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export function listAllTokens(db: DbOrTx) {
  return db
    .select({
      token: apiTokens,
      owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Deletes the token (of `userId` when given); answers the deleted row, if there was one. */
export async function deleteApiToken(
  db: DbOrTx,
  id: string,
  userId?: string,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .delete(apiTokens)
    .where(userId ? and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)) : eq(apiTokens.id, id))
    .returning();
  return row;
}

export interface TokenWithOwner {
  id: string;
  scope: string;
  /** ms since the epoch; null for a token that never expires. */
  expiresAtMs: number | null;
  user: SessionUserRow;
}

/** The unexpired token with this hash and its owner, as a request presenting it is authenticated. */
export async function findTokenForRequest(
  db: DbOrTx,
  tokenHash: string,
): Promise<TokenWithOwner | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      expiresAtMs: sql<number | null>`(extract(epoch FROM ${apiTokens.expiresAt}) * 1000)::float8`,
      user: userProfileColumns,
      totpSetupDue: totpSetupDueColumn,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), live));
  if (!row) return undefined;
  return {
    id: row.id,
    scope: row.scope,
    expiresAtMs: row.expiresAtMs,
    user: { ...row.user, totpSetupDue: row.totpSetupDue },
  };
}

/**
 * Records a use: the time, and the address, answering whether the address is new for the token
 * (a security event). last_used_at's update announces nothing (migration 0046's trigger ignores it).
 */
export async function recordTokenUse(db: DbOrTx, tokenId: string, ip: string): Promise<boolean> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiTokens.id, tokenId));
  const inserted = await db
    .insert(apiTokenAddresses)
    .values({ tokenId, ip: ip.slice(0, 64) })
    .onConflictDoNothing()
    .returning({ tokenId: apiTokenAddresses.tokenId });
  return inserted.length > 0;
}
