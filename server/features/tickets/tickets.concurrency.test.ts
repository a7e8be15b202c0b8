import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@shared/contracts/tickets';
import { parseNotes } from '@shared/notes';
import { createTestApp, newUserInput, type TestApp } from '../../test/test-app';
import { listen, newTicketInput, readTicketRow } from '../../test/support/tickets';

let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
let agent: ReturnType<typeof request.agent>;

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
  agent = request.agent(server.url);
  const input = newUserInput();
  await agent.post('/api/register').send(input).expect(201);
  await agent.post('/api/login').send({ email: input.email, password: input.password }).expect(200);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('ticket numbers under concurrency', () => {
  it('when 200 tickets are created at once with the same client number, then 200 tickets with 200 distinct numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        agent.post('/api/tickets').send(newTicketInput({ ticketNumber: 'T-1767225600000' })),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(201));
    const numbers = responses.map((res) => (res.body.ticket as Ticket).ticketNumber);
    expect(new Set(numbers).size).toBe(200);
    expect(numbers.every((number) => /^T-\d+$/.test(number))).toBe(true);
    expect(numbers.filter((number) => number === 'T-1767225600000')).toHaveLength(1);
    const { rows } = await t.database.pool.query<{ n: number }>(
      'SELECT count(DISTINCT ticket_number)::int AS n FROM tickets',
    );
    expect(rows[0]!.n).toBe(200);
  });
});

describe('notes under concurrency', () => {
  it('when 50 notes are appended to one ticket at once, then all 50 are kept', async () => {
    const created = (await agent.post('/api/tickets').send(newTicketInput()).expect(201)).body
      .ticket as Ticket;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        agent.post(`/api/tickets/${created.id}/notes`).send({ text: `note ${i}` }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(201));
    const notes = parseNotes((await readTicketRow(t.database.db, created.id))!.notes);
    expect(notes.map((note) => note.text).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `note ${i}`).sort(),
    );
  });
});

describe('bulk changes under concurrency', () => {
  it('when bulk changes over the same tickets run at once in opposite orders, then none fails', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(
        ((await agent.post('/api/tickets').send(newTicketInput()).expect(201)).body.ticket as Ticket).id,
      );
    }
    const reversed = [...ids].reverse();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        agent
          .patch('/api/tickets/bulk')
          .send({ ticketIds: i % 2 ? ids : reversed, updates: { status: i % 3 ? 'in_progress' : 'closed' } }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
  });
});
