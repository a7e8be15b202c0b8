import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { portalSignInLinks, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/**
 * Stores a new sign-in link (its token's hash) for `email`, valid `validMinutes` on the database
 * clock, and deletes the address's earlier links: only the newest one works.
 */
export async function replaceSignInLink(db: DbOrTx, email: string, tokenHash: string, validMinutes: number) {
  await db.delete(portalSignInLinks).where(eq(portalSignInLinks.email, email));
  await db
    .insert(portalSignInLinks)
    .values({ email, tokenHash, expiresAt: sql`now() + make_interval(mins => ${validMinutes})` });
}

/** Uses the link up if it still works (unused, unexpired), in one statement: its address, or undefined. */
export async function useSignInLink(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(portalSignInLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(portalSignInLinks.tokenHash, tokenHash),
        isNull(portalSignInLinks.usedAt),
        gt(portalSignInLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: portalSignInLinks.email });
  return row?.email;
}

/** The requester's own tickets: those sent from `email`, whatever its letter case, not in the Trash. */
export const requestedBy = (email: string) =>
  and(sql`lower(${tickets.fromEmail}) = ${email.toLowerCase()}`, isNull(tickets.deletedAt));

/** Whether `email` has a ticket here (tickets_requester_idx). */
export async function hasTicketFrom(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: tickets.id }).from(tickets).where(requestedBy(email)).limit(1);
  return row !== undefined;
}

/** The name the address last wrote under, or undefined when it has no ticket. */
export async function latestNameOf(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: tickets.fromName })
    .from(tickets)
    .where(requestedBy(email))
    .orderBy(sql`lower(${tickets.fromEmail})`, desc(tickets.createdAt), tickets.id)
    .limit(1);
  return row?.name;
}
