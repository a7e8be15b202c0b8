import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import type {
  CreateTicketFieldInput,
  CustomFieldValue,
  TicketField,
  TicketFieldOption,
  TicketFieldResponse,
} from '@shared/contracts/ticket-fields';
import { adminApi, expectStatus } from './api-users';
import { appUnderTest } from './app';

/**
 * Defines a custom field (issue 38) as the admin, through POST /api/ticket-fields. Every file shares
 * the database, so a test names its fields with its own unique key and label.
 */
export async function seedTicketField(
  input: Omit<CreateTicketFieldInput, 'options'> & { options?: { value: string; label: string }[] },
): Promise<TicketFieldResponse['field']> {
  const api = await adminApi();
  try {
    const { field } = await expectStatus<TicketFieldResponse>(
      api.post('/api/ticket-fields', { data: input }),
      201,
      `define field ${input.key}`,
    );
    return field;
  } finally {
    await api.dispose();
  }
}

/** Sets a ticket's tags and custom field values through the API (PUT /api/tickets/{id}). */
export async function tagTicket(
  context: BrowserContext,
  ticketId: string,
  change: { tags?: string[]; customFields?: Record<string, CustomFieldValue | null> },
): Promise<void> {
  const response = await context.request.put(`/api/tickets/${ticketId}`, { data: change });
  if (response.status() !== 200) throw new Error(`tagging ticket failed: ${await response.text()}`);
}

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
