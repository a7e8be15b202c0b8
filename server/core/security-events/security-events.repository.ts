import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '@shared/security-events';
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

export interface SecurityEventsQuery {
  limit: number;
  /** Only events strictly older than this instant. */
  before?: string;
  /** How many of the newest (after `before`) to skip. */
  offset?: number;
}

/** The events a query lists and counts: the kinds this version knows, older than `before` if given. */
const listedWhere = (before: string | undefined) =>
  and(
    inArray(securityEvents.kind, SECURITY_EVENT_KINDS),
    before ? lt(securityEvents.createdAt, sql`${before}::timestamptz`) : undefined,
  );

export function listSecurityEvents(db: DbOrTx, options: SecurityEventsQuery) {
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
    .where(listedWhere(options.before))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

/** How many events `listSecurityEvents` pages through (`before` applied, `offset` not). */
export async function countSecurityEvents(db: DbOrTx, before: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(securityEvents).where(listedWhere(before));
  return row?.total ?? 0;
}
