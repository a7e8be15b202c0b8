/**
 * A ticket's email thread: the Message-IDs it holds, and the In-Reply-To / References a new message
 * of it carries. Agents' replies (server/features/replies) and the requesters' portal messages
 * (server/features/portal, issue 41) both join the thread this way, so each answers the newest one.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** References keeps the thread's first message and the newest ones, this many in all. */
export const MAX_REFERENCES = 20;

/**
 * The Message-IDs of a ticket's thread, oldest first: the email that opened the ticket, then the
 * messages of its conversation (received, and our replies unless they failed).
 */
export async function threadMessageIds(tx: DbOrTx, ticketId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ message_id: string }>(sql`
    SELECT message_id FROM (
      SELECT message_id, 0 AS part, created_at, '' AS id
        FROM inbound_messages
       WHERE ticket_id = ${ticketId} AND outcome = 'created' AND message_id IS NOT NULL
      UNION ALL
      SELECT message_id, 1 AS part, created_at, id::text
        FROM ticket_messages
       WHERE ticket_id = ${ticketId} AND message_id IS NOT NULL AND status <> 'failed'
    ) thread
    ORDER BY part, created_at, id`);
  return rows.map((row) => row.message_id);
}

/**
 * A new message answers the newest message of the thread and lists the thread in References: its
 * first message and the newest ones, at most MAX_REFERENCES (RFC 5322 3.6.4 lets a long list be
 * trimmed, and keeping the first one keeps the thread's root).
 */
export function threadHeaders(threadIds: readonly string[]): {
  inReplyTo: string | null;
  references: string[];
} {
  const ids = [...new Set(threadIds)];
  const references =
    ids.length <= MAX_REFERENCES ? ids : [ids[0]!, ...ids.slice(ids.length - (MAX_REFERENCES - 1))];
  return { inReplyTo: ids.at(-1) ?? null, references };
}
