/**
 * Which group a new emailed ticket opens in (issue 39, docs/decisions/126-group-mailboxes.md): the
 * group of the IMAP mailbox it was fetched from, when that mailbox has one; else the group whose
 * address the message was sent to, the first in routing order (Delivered-To, To, Cc) when several
 * are; else none. A message that joins an existing ticket never moves it: this is asked only for new
 * tickets. The group found is held until the ticket commits (inbound.repository.ts).
 */
import type { DbOrTx } from '../../db/client';
import { logger } from '../../lib/logger';
import { recipientsInRoutingOrder, type InboundMessage } from './inbound-message';
import * as repository from './inbound.repository';

export async function groupOfNewTicket(
  tx: DbOrTx,
  message: Pick<InboundMessage, 'deliveredTo' | 'to' | 'cc'>,
  mailboxGroupId: string | null | undefined,
): Promise<string | null> {
  if (mailboxGroupId) {
    if (await repository.lockGroup(tx, mailboxGroupId)) return mailboxGroupId;
    // Deleted after the mailbox was saved: its mail is routed by address rather than refused.
    logger.warn("A mailbox's group no longer exists; routing its mail by address", {
      groupId: mailboxGroupId,
    });
  }
  const recipients = recipientsInRoutingOrder(message);
  const found = await repository.lockGroupsAddressed(tx, recipients);
  if (found.length === 0) return null;
  const byAddress = new Map(found.map((group) => [group.emailAddress, group.id]));
  const first = recipients.find((address) => byAddress.has(address));
  return first ? byAddress.get(first)! : null;
}
