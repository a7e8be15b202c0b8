import { ticketChanges } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { TicketChange } from './ticket-change';

/** Stores the change in the caller's transaction (its txid is that transaction's, by default). */
/** Stores the change; answers its id. */
export async function insertTicketChange(tx: DbOrTx, change: TicketChange): Promise<string> {
  const [row] = await tx
    .insert(ticketChanges)
    .values({
      ticketIds: [...new Set(change.tickets.map((entry) => entry.ticketId))],
      actorId: 'user' in change.actor ? change.actor.user.id : null,
      actorSystem: 'system' in change.actor ? change.actor.system : 'rule' in change.actor ? 'rule' : null,
      actorRuleId: 'rule' in change.actor ? change.actor.rule.id : null,
      channel: change.channel,
      changes: change.tickets,
    })
    .returning({ id: ticketChanges.id });
  return row!.id;
}
