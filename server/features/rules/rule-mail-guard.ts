/**
 * The mail guard of rules' automatic replies (issue 40), against the loops the peers shipped (one
 * reply sent 25 times):
 * - never to one of our own addresses: the From address, the inbound support address, a group's
 *   address, an agent's address;
 * - never in answer to automatic mail: messages marked Auto-Submitted, X-Autoreply, Precedence
 *   bulk/junk/list and delivery reports never become tickets or conversation messages (the inbound
 *   path drops them, inbound/auto-reply.ts), so no trigger ever fires on one;
 * - at most `maxPerRecipientPerHour` automatic mails to one recipient an hour, counted across every
 *   process under an advisory lock on the recipient, so two passes at once cannot both send the last.
 * A mail held back is said in the run's details with why; nothing is dropped silently.
 */
import { sql } from 'drizzle-orm';
import { groups, ruleMails, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { loadEmailSettings } from '../../mail/email-settings';
import type { TokenCipher } from '../../lib/token-cipher';

export interface MailGuard {
  maxPerRecipientPerHour: number;
  cipher: TokenCipher;
  /** The inbound support address (configuration), when one is set. */
  supportAddress: string | undefined;
}

async function isOwnAddress(tx: DbOrTx, guard: MailGuard, address: string): Promise<boolean> {
  if (guard.supportAddress?.toLowerCase() === address) return true;
  const email = await loadEmailSettings(tx, guard.cipher);
  if (email.status === 'configured' && email.settings.fromAddress.toLowerCase() === address) return true;
  const { rows } = await tx.execute<{ own: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${groups} WHERE lower(${groups.emailAddress}) = ${address})
        OR EXISTS (SELECT 1 FROM ${users} WHERE lower(${users.email}) = ${address}) AS own`);
  return rows[0]?.own === true;
}

/**
 * Why an automatic mail to `recipient` must not go now, or undefined when it may (its sending is then
 * counted in the caller's transaction: a rolled-back pass counts nothing).
 */
export async function guardAutomaticMail(
  tx: DbOrTx,
  guard: MailGuard,
  recipient: string,
): Promise<string | undefined> {
  const address = recipient.trim().toLowerCase();
  if (await isOwnAddress(tx, guard, address)) return `${address} is one of our own addresses`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rule-mail:${address}`}, 0))`);
  const { rows } = await tx.execute<{ sent: number }>(sql`
    SELECT count(*)::int AS sent FROM ${ruleMails}
    WHERE ${ruleMails.recipient} = ${address} AND ${ruleMails.sentAt} > now() - interval '1 hour'`);
  const sent = rows[0]?.sent ?? 0;
  if (sent >= guard.maxPerRecipientPerHour) {
    return `${address} already had ${sent} automatic ${sent === 1 ? 'mail' : 'mails'} this hour (the limit)`;
  }
  await tx.insert(ruleMails).values({ recipient: address });
  return undefined;
}
