import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Ends every session of a user except the one given (used after a password change). */
export async function destroyOtherSessionsOf(db: DbOrTx, userId: string, keepSid: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE sess->>'userId' = ${userId} AND sid <> ${keepSid}`);
}

/** Ends every session of a user at once (deactivation): their next request gets 401. */
export async function destroyAllSessionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`DELETE FROM sessions WHERE sess->>'userId' = ${userId}`);
}
