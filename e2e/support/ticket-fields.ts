import pg from 'pg';
import type { TicketField, TicketFieldOption } from '@shared/contracts/ticket-fields';
import { appUnderTest } from './app';

export interface NewTicketField {
  key: string;
  label: string;
  type: TicketField['type'];
  options?: TicketFieldOption[];
  requiredToClose?: boolean;
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: appUnderTest().databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Adds a custom ticket field (issue 38) straight into the app's database, after the others: for tests
 * whose subject is a ticket, not Settings → Ticket Fields. The app reads the fields per request, so
 * it counts at once.
 */
export function createTicketField(field: NewTicketField): Promise<void> {
  return withClient(async (client) => {
    await client.query(
      `INSERT INTO ticket_fields (key, label, type, options, required_to_close, position)
       VALUES ($1, $2, $3, $4::jsonb, $5, (SELECT coalesce(max(position) + 1, 0) FROM ticket_fields))`,
      [
        field.key,
        field.label,
        field.type,
        JSON.stringify(field.options ?? []),
        field.requiredToClose ?? false,
      ],
    );
  });
}

/**
 * Deactivates fields a test added: the database is shared by the files that follow on this worker, and
 * an active field would show in their forms (and one required to close would block their closing).
 */
export function deactivateTicketFields(keys: readonly string[]): Promise<void> {
  return withClient(async (client) => {
    await client.query('UPDATE ticket_fields SET active = false WHERE key = ANY($1)', [keys]);
  });
}
