import crypto from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

/** The e2e database is shared by every file and test: each test tags its tickets and only looks at those. */
export const uniqueTag = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

export interface SeedTicketInput {
  subject: string;
  priority?: 'low' | 'medium' | 'high';
  assignedTo?: string | null;
  /** Applied after creation (a new ticket is always open). */
  status?: 'open' | 'in_progress' | 'closed';
}

export interface SeededTicket {
  id: string;
  ticketNumber: string;
  subject: string;
}

/** Creates a ticket through the API, for tests whose subject is not the create dialog. */
export async function seedTicket(context: BrowserContext, input: SeedTicketInput): Promise<SeededTicket> {
  const created = await context.request.post('/api/tickets', {
    data: {
      subject: input.subject,
      body: `Seeded for the browser suite: ${input.subject}`,
      fromEmail: 'requester@example.com',
      fromName: 'Robin Requester',
      priority: input.priority ?? 'medium',
      assignedTo: input.assignedTo ?? null,
    },
  });
  if (created.status() !== 201) throw new Error(`create ticket failed: ${await created.text()}`);
  const { ticket } = (await created.json()) as { ticket: SeededTicket };
  if (input.status && input.status !== 'open') {
    const updated = await context.request.put(`/api/tickets/${ticket.id}`, {
      data: { status: input.status },
    });
    if (updated.status() !== 200) throw new Error(`update ticket failed: ${await updated.text()}`);
  }
  return ticket;
}

/** Reads a ticket back through the API: its status and assignee as the server holds them. */
export async function readTicket(
  context: BrowserContext,
  id: string,
): Promise<{ status: number; ticket?: { status: string; assignedTo: string | null } }> {
  const response = await context.request.get(`/api/tickets/${id}`);
  if (response.status() !== 200) return { status: response.status() };
  const { ticket } = (await response.json()) as { ticket: { status: string; assignedTo: string | null } };
  return { status: 200, ticket };
}
