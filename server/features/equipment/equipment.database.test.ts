import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOANER_MESSAGES } from '@shared/contracts/equipment';
import * as schema from '@shared/schema';
import { createTestApp, newUserInput, signedInAgent, type TestApp } from '../../test/test-app';
import { listLoaners } from './equipment.repository';

const URL = '/api/loaner-equipment';

let t: TestApp;
let signedIn: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  t = await createTestApp();
  signedIn = await signedInAgent(t.app);
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  productType: 'laptop',
  personName: 'Grace Hopper',
  phone: '555-0100',
  officeNumber: 'B-204',
  checkoutDate: '2026-04-10',
  expectedReturnDate: '2026-04-20',
  ...overrides,
});

describe('search and the trigram index', () => {
  it('when searching, then PostgreSQL can answer from loaner_equipment_search_trgm_idx', async () => {
    const queries: { sql: string; params: unknown[] }[] = [];
    const loggingDb = drizzle(t.database.pool, {
      schema,
      logger: { logQuery: (sql, params) => queries.push({ sql, params }) },
    });
    await listLoaners(loggingDb, { search: 'Hopper' });
    const [query] = queries;
    expect(query?.sql).toContain('ILIKE');

    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      // With sequential scans priced out, the plan shows whether the index can serve the predicate.
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query!.sql}`, query!.params);
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('loaner_equipment_search_trgm_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('concurrent edits', () => {
  it('when two edits that are each valid would together put the dates out of order, then one is refused', async () => {
    const created = await signedIn.agent.post(URL).send(body()).expect(201);
    const path = `${URL}/${created.body.id}`;
    const results = await Promise.all([
      signedIn.agent.put(path).send({ checkoutDate: '2026-04-15' }),
      signedIn.agent.put(path).send({ expectedReturnDate: '2026-04-12' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const { rows } = await t.database.pool.query(
      'SELECT expected_return_date >= checkout_date AS in_order FROM loaner_equipment WHERE id = $1',
      [created.body.id],
    );
    expect(rows[0].in_order).toBe(true);
  });
});

// Needs a second connection holding a lock, which the embedded database's single connection cannot give.
describe.runIf(inject('testDatabase') !== undefined)('an assignee deleted while the request runs', () => {
  /**
   * Deletes a fresh user in an open transaction, lets `send` pass the "assignee exists" check
   * (the delete is not committed yet) and block on the foreign key, then commits the delete.
   */
  async function raceWithDeletedAssignee(send: (assigneeId: string) => Promise<request.Response>) {
    const registered = await request(t.app).post('/api/register').send(newUserInput()).expect(201);
    const assigneeId: string = registered.body.user.id;
    const deleter = await t.database.pool.connect();
    try {
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM users WHERE id = $1', [assigneeId]);
      // A supertest request starts when it is awaited or `then` is called: start it now.
      const sent = send(assigneeId).then((res) => res);
      for (let waited = 0; waited < 100; waited++) {
        const { rows } = await t.database.pool.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await deleter.query('COMMIT');
      return await sent;
    } finally {
      deleter.release();
    }
  }

  it('when creating, then 400 names assignedTo instead of a foreign-key 500', async () => {
    const res = await raceWithDeletedAssignee((assigneeId) =>
      signedIn.agent
        .post(URL)
        .send(body({ personName: `Race ${crypto.randomUUID()}`, assignedTo: assigneeId })),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });
  });

  it('when updating, then 400 names assignedTo and the record is unchanged', async () => {
    const created = await signedIn.agent.post(URL).send(body()).expect(201);
    const res = await raceWithDeletedAssignee((assigneeId) =>
      signedIn.agent.put(`${URL}/${created.body.id}`).send({ assignedTo: assigneeId, phone: '555-0199' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });
    const after = await signedIn.agent.get(URL).query({ search: '555-0199' }).expect(200);
    expect(after.body).toEqual([]);
  });
});
