import type { BrowserContext } from 'playwright-core';
import pg from 'pg';
import type { CustomFieldValue, TicketFieldOption, TicketFieldType } from '@shared/contracts/ticket-fields';
import { appUnderTest } from './app';

export interface SeedFieldInput {
  key: string;
  label: string;
  type: TicketFieldType;
  options?: Omit<TicketFieldOption, 'active'>[];
}

/**
 * Adds a custom field (issue 38) straight into the app's database, after every existing one. Every
 * file shares the database, so a test names its fields with its own unique key and label.
 */
export async function seedTicketField(input: SeedFieldInput): Promise<void> {
  const client = new pg.Client({ connectionString: appUnderTest().databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO ticket_fields (key, label, type, options, position)
       VALUES ($1, $2, $3, $4::jsonb, (SELECT coalesce(max(position) + 1, 0) FROM ticket_fields))`,
      [
        input.key,
        input.label,
        input.type,
        JSON.stringify((input.options ?? []).map((option) => ({ ...option, active: true }))),
      ],
    );
  } finally {
    await client.end();
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
