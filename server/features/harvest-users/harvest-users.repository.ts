/** The agents and the Harvest user each one's hours go under (`users.harvest_user_id`). */
import { asc, eq, sql } from 'drizzle-orm';
import type { HarvestMapping } from '@shared/contracts/harvest-users';
import { users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

const mappingColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  harvestUserId: users.harvestUserId,
};

export async function listMappings(db: DbOrTx): Promise<HarvestMapping[]> {
  return db
    .select(mappingColumns)
    .from(users)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
}

export async function findMapping(db: DbOrTx, userId: string): Promise<HarvestMapping | undefined> {
  const [row] = await db.select(mappingColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The agent already under this Harvest user, if any. */
export async function findByHarvestUser(
  db: DbOrTx,
  harvestUserId: number,
): Promise<HarvestMapping | undefined> {
  const [row] = await db.select(mappingColumns).from(users).where(eq(users.harvestUserId, harvestUserId));
  return row;
}

export async function setHarvestUser(
  db: DbOrTx,
  userId: string,
  harvestUserId: number | null,
): Promise<void> {
  await db
    .update(users)
    .set({ harvestUserId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Serialises changes of the mapping, so two admins cannot give one Harvest user to two agents. */
export async function lockMappings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('harvest-user-mapping', 0))`);
}
