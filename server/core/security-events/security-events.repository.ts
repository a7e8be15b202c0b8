import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { SecurityEventKind } from '@shared/constants';
import { securityEvents, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** Who did it; omitted for a stranger. */
  actorId?: string | null;
  /** Whose account it concerns. */
  targetId?: string | null;
  ip?: string | null;
}

/** One row per event: never a password, token or code (the columns have no room for one). */
export async function recordSecurityEvent(db: DbOrTx, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    kind: event.kind,
    actorId: event.actorId ?? null,
    targetId: event.targetId ?? null,
    ip: event.ip ? event.ip.slice(0, 64) : null,
    // The moment of the statement, not of the transaction: two events of one change (a role changed
    // and the account deactivated) keep the order they happened in, newest first.
    createdAt: sql`clock_timestamp()`,
  });
}

const actors = alias(users, 'actors');
const targets = alias(users, 'targets');

export function listSecurityEvents(db: DbOrTx, options: { limit: number; before?: string }) {
  return db
    .select({
      id: securityEvents.id,
      kind: securityEvents.kind,
      ip: securityEvents.ip,
      createdAt: securityEvents.createdAt,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorEmail: actors.email,
      targetId: targets.id,
      targetFirstName: targets.firstName,
      targetLastName: targets.lastName,
      targetEmail: targets.email,
    })
    .from(securityEvents)
    .leftJoin(actors, eq(actors.id, securityEvents.actorId))
    .leftJoin(targets, eq(targets.id, securityEvents.targetId))
    .where(options.before ? lt(securityEvents.createdAt, sql`${options.before}::timestamptz`) : undefined)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(options.limit);
}
