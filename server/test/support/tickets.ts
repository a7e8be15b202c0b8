/** Helpers shared by the tickets tests (not a test file itself). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import type TestAgent from 'supertest/lib/agent';
import type { Ticket } from '@shared/contracts/tickets';
import { tickets, type NewTicketRow } from '@shared/schema';
import type { Database } from '../../db/client';

let ticketCounter = 0;

/** A unique, valid body for POST /api/tickets. */
export function newTicketInput(overrides: Record<string, unknown> = {}) {
  ticketCounter += 1;
  return {
    subject: `Printer ${ticketCounter} jams`,
    body: 'It jams every morning.',
    fromEmail: 'jordan.lee@contoso.com',
    fromName: 'Jordan Lee',
    ...overrides,
  };
}

export async function createTicket(
  agent: TestAgent,
  overrides: Record<string, unknown> = {},
): Promise<Ticket> {
  const res = await agent.post('/api/tickets').send(newTicketInput(overrides)).expect(201);
  return res.body.ticket as Ticket;
}

/** Sets columns directly, for states the API does not produce (old timestamps, legacy notes). */
export async function setTicketColumns(
  db: Database,
  id: string,
  values: Partial<NewTicketRow>,
): Promise<void> {
  await db.update(tickets).set(values).where(eq(tickets.id, id));
}

export async function readTicketRow(db: Database, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

/**
 * One listening server for many concurrent requests (supertest would otherwise start a server per
 * request).
 */
export async function listen(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no port');
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
