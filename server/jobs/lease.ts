/**
 * Leases on named tasks (the `job_leases` table): who runs a periodic task right now. A run holds its
 * task's lease and renews it while it works; another process that finds it held does not run. A
 * process that dies renews nothing, so its lease runs out after `seconds` and the next run goes
 * ahead: no crash leaves a task stopped for longer than that.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { jobLeases } from '@shared/schema';
import type { DbOrTx } from '../db/client';

export interface Lease {
  readonly owner: string;
  /** Extends it by its length again; false when it was lost meanwhile (it ran out and was taken). */
  renew(): Promise<boolean>;
  /** Gives it up at once, so the next run need not wait for it to run out. */
  release(): Promise<void>;
}

/** Takes the named lease for `seconds` when nobody holds it (or a holder's ran out); undefined otherwise. */
export async function claimLease(db: DbOrTx, name: string, seconds: number): Promise<Lease | undefined> {
  const owner = crypto.randomUUID();
  const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(jobLeases)
    .values({ name, owner, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { owner, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} < now()`,
    })
    .returning({ owner: jobLeases.owner });
  if (rows.length === 0) return undefined;
  const mine = and(eq(jobLeases.name, name), eq(jobLeases.owner, owner));
  return {
    owner,
    async renew() {
      const renewed = await db
        .update(jobLeases)
        .set({ expiresAt })
        .where(mine)
        .returning({ owner: jobLeases.owner });
      return renewed.length > 0;
    },
    async release() {
      await db.delete(jobLeases).where(mine);
    },
  };
}
