import pg from 'pg';
import { appUnderTest } from './app';

/**
 * Moves a ticket's clock back by `minutes`: its creation and every SLA time derived from it, as if it
 * had been created that long ago. SLA targets are whole minutes on the server's clock and no API
 * creates a ticket in the past, so a test that needs a breach moves the ticket instead of waiting the
 * minute out (docs/testing.md: time as an input). The server's SLA job and every read then see a
 * ticket whose first response is late, exactly as they would a minute later.
 */
export async function backdateTicket(ticketId: string, minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: appUnderTest().databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Not a ticket change (nobody did anything to it): the check that every write records one
    // (migration 0027) is turned off for this transaction, as test fixtures do.
    await client.query(
      "SELECT set_config('helpdesk.unrecorded_ticket_write', 'e2e: moved back in time', true)",
    );
    const moved = await client.query(
      `UPDATE tickets SET
         created_at = created_at - make_interval(mins => $2),
         sla_first_response_due_at = sla_first_response_due_at - make_interval(mins => $2),
         sla_resolution_due_at = sla_resolution_due_at - make_interval(mins => $2),
         sla_next_due_at = sla_next_due_at - make_interval(mins => $2),
         sla_alert_at = sla_alert_at - make_interval(mins => $2)
       WHERE id = $1`,
      [ticketId, minutes],
    );
    if (moved.rowCount !== 1) throw new Error(`no ticket ${ticketId} to move back in time`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * Forgets the app's email settings, as on a new install. Another file of this worker may have saved
 * some before (e2e/support/email-settings.ts); the conversation suite proves the screens of an app
 * without them, then an admin's first setup, so it starts from none whatever ran before it.
 */
export async function forgetEmailSettings(): Promise<void> {
  const client = new pg.Client({ connectionString: appUnderTest().databaseUrl });
  await client.connect();
  try {
    await client.query("DELETE FROM settings WHERE key = 'email'");
  } finally {
    await client.end();
  }
}
