import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPPED_TOTAL_REUSE_SECONDS, SEARCH_TOTAL_CAP } from '@shared/constants';
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

describe('GET /api/tickets with a search over the cap, asked again (CAPPED_TOTAL_REUSE_SECONDS)', () => {
  afterEach(() => vi.useRealTimers());

  /** Deletes all but the newest `kept` tickets whose subject holds `word`. */
  const keepNewest = (word: string, kept: number) =>
    t.database.db.execute(sql`
      DELETE FROM tickets WHERE subject LIKE ${`${word} request %`}
        AND split_part(subject, ' ', 3)::int > ${kept}`);

  it(`says "${SEARCH_TOTAL_CAP}+" without counting again for ${CAPPED_TOTAL_REUSE_SECONDS} s, then counts afresh`, async () => {
    await insertTickets('ribbon', SEARCH_TOTAL_CAP + 10, 7_000_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    const counted = await agent.get('/api/tickets?search=ribbon&limit=5').expect(200);
    expect(counted.body.totalCapped).toBe(true);

    // Still more than a page, fewer than the cap: the remembered "more than the cap" stands…
    await keepNewest('ribbon', 40);
    const remembered = await agent.get('/api/tickets?search=ribbon&limit=5&page=2').expect(200);
    expect(remembered.body).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(remembered.body.tickets.map(subjectNumber)).toEqual([6, 7, 8, 9, 10]);

    // …until it is no longer trusted, and the next request counts the 40.
    vi.setSystemTime(Date.now() + CAPPED_TOTAL_REUSE_SECONDS * 1000 + 1);
    const recounted = await agent.get('/api/tickets?search=ribbon&limit=5&page=2').expect(200);
    expect(recounted.body.total).toBe(40);
    expect(recounted.body).not.toHaveProperty('totalCapped');
  });

  it('gives the exact total at once when the first page comes back short', async () => {
    await insertTickets('cartridge', SEARCH_TOTAL_CAP + 10, 8_000_000);
    expect((await agent.get('/api/tickets?search=cartridge').expect(200)).body.totalCapped).toBe(true);

    await keepNewest('cartridge', 3);
    const short = await agent.get('/api/tickets?search=cartridge').expect(200);
    expect(short.body.total).toBe(3);
    expect(short.body).not.toHaveProperty('totalCapped');
    expect(short.body.tickets.map(subjectNumber)).toEqual([1, 2, 3]);
  });

  it('counts a page past the last match exactly, and forgets the remembered count', async () => {
    await insertTickets('spool', SEARCH_TOTAL_CAP + 10, 9_000_000);
    expect((await agent.get('/api/tickets?search=spool&limit=5').expect(200)).body.totalCapped).toBe(true);

    await keepNewest('spool', 12);
    const past = await agent.get('/api/tickets?search=spool&limit=5&page=4').expect(200);
    expect(past.body).toMatchObject({ tickets: [], total: 12 });
    const first = await agent.get('/api/tickets?search=spool&limit=5').expect(200);
    expect(first.body.total).toBe(12);
    expect(first.body).not.toHaveProperty('totalCapped');
  });
});
