import type { BrowserContext } from 'playwright-core';
import type {
  CreateTicketFieldInput,
  CustomFieldValue,
  TicketFieldResponse,
} from '@shared/contracts/ticket-fields';
import { adminApi, expectStatus } from './api-users';

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
