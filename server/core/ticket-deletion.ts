/**
 * The ticket_deletion setting (issue 26): who may delete tickets (everyone, the spec's behaviour, or
 * admins only) and how many days deleted tickets stay in the Trash before the purge job removes them.
 * Read by the tickets feature on every delete and by the purge job; unset means the defaults.
 */
import {
  DEFAULT_TICKET_DELETION,
  TICKET_DELETION_KEY,
  ticketDeletionSettingSchema,
  type TicketDeletionSetting,
} from '@shared/contracts/settings';
import type { DbOrTx } from '../db/client';
import { findSetting, upsertSetting } from '../db/settings-store';

export async function loadTicketDeletionSetting(db: DbOrTx): Promise<TicketDeletionSetting> {
  const stored = await findSetting(db, TICKET_DELETION_KEY);
  const parsed = ticketDeletionSettingSchema.safeParse(stored?.value);
  return parsed.success ? parsed.data : DEFAULT_TICKET_DELETION;
}

export async function saveTicketDeletionSetting(
  db: DbOrTx,
  value: TicketDeletionSetting,
): Promise<TicketDeletionSetting> {
  await upsertSetting(db, TICKET_DELETION_KEY, value);
  return value;
}
