import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from '@shared/constants';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

/** `count` tickets whose subject holds `word`, made in one statement: "<word> request 1" is the newest. */
async function insertTickets(word: string, count: number, firstNumber: number) {
  await t.database.db.execute(sql`
    INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, created_at)
    SELECT 'T-' || (${firstNumber}::bigint + n), ${word} || ' request ' || n, 'Body', 'a@example.com', 'A',
      now() - n * interval '1 second'
    FROM generate_series(1, ${count}::int) AS n`);
}

/** The n of a ticket whose subject is "<word> request n". */
const subjectNumber = (ticket: { subject: string }) => Number(ticket.subject.split(' ').at(-1));

/** 1, 2, … count: the subject numbers of `count` tickets newest first. */
const newestFirst = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedInAgent(t.app));
  await insertTickets('toner', SEARCH_TOTAL_CAP + 5, 5_000_000);
  await insertTickets('stapler', 30, 6_000_000);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/tickets with a search: the total', () => {
  it('is exact while the matches are at most SEARCH_TOTAL_CAP', async () => {
    const res = await agent.get('/api/tickets?search=stapler').expect(200);
    expect(res.body.total).toBe(30);
    expect(res.body).not.toHaveProperty('totalCapped');
  });

  it('stops at SEARCH_TOTAL_CAP and says so when more tickets match', async () => {
    const res = await agent.get('/api/tickets?search=toner&limit=5').expect(200);
    expect(res.body.total).toBe(SEARCH_TOTAL_CAP);
    expect(res.body.totalCapped).toBe(true);
    expect(res.body.tickets).toHaveLength(5);
  });

  it('pages through a few matches newest first, each page with the exact total', async () => {
    const first = await agent.get('/api/tickets?search=stapler&limit=20').expect(200);
    const second = await agent.get('/api/tickets?search=stapler&limit=20&page=2').expect(200);
    expect(first.body.tickets).toHaveLength(20);
    expect(second.body.tickets).toHaveLength(10);
    expect(second.body.total).toBe(30);
    const subjects = [...first.body.tickets, ...second.body.tickets].map(subjectNumber);
    expect(subjects).toEqual(newestFirst(30));
  });

  it('still says the total on a page past the last match', async () => {
    const res = await agent.get('/api/tickets?search=stapler&limit=20&page=3').expect(200);
    expect(res.body.tickets).toEqual([]);
    expect(res.body.total).toBe(30);
  });

  it('pages through more matches than the cap newest first, without overlap', async () => {
    const first = await agent.get('/api/tickets?search=toner&limit=5').expect(200);
    const second = await agent.get('/api/tickets?search=toner&limit=5&page=2').expect(200);
    expect(second.body.totalCapped).toBe(true);
    const subjects = [...first.body.tickets, ...second.body.tickets].map(subjectNumber);
    expect(subjects).toEqual(newestFirst(10));
  });

  it('pages beyond the first cap + 1 matches too, reading on in date order', async () => {
    const limit = 100;
    const page = Math.floor(SEARCH_TOTAL_CAP / limit) + 1;
    const res = await agent.get(`/api/tickets?search=toner&limit=${limit}&page=${page}`).expect(200);
    expect(res.body.totalCapped).toBe(true);
    expect(res.body.tickets.map(subjectNumber)).toEqual(
      newestFirst(SEARCH_TOTAL_CAP + 5).slice((page - 1) * limit, page * limit),
    );
  });

  it('is exact without a search, however many tickets there are', async () => {
    const res = await agent.get('/api/tickets?limit=1').expect(200);
    expect(res.body.total).toBe(SEARCH_TOTAL_CAP + 35);
    expect(res.body).not.toHaveProperty('totalCapped');
  });
});
