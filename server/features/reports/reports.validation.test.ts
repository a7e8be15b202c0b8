import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { reportQuery } from '../../test/support/reports';
import { humanizeKey } from '../../lib/field-labels';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedInAgent(t.app));
});
afterAll(() => t.close());

const PATHS = ['/api/reports', '/api/reports/time-entries.csv'] as const;
const valid = reportQuery('this-month', '2026-11-21');

describe.each(PATHS)('%s', (path) => {
  it('when nobody is signed in, then 401', async () => {
    const res = await request(t.app).get(path).query(valid).expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });

  it.each([
    ['range is unknown', 'range', { range: 'this-year' }],
    ['range is empty', 'range', { range: '' }],
    ['start is missing', 'start', { start: undefined }],
    ['end is missing', 'end', { end: undefined }],
    ['start is not YYYY-MM-DD', 'start', { start: '11/01/2026' }],
    ['start is not a real day', 'start', { start: '2026-02-30' }],
    ['end is not a real day', 'end', { end: '2026-11-31' }],
    ['start is before 1900', 'start', { start: '1899-12-31' }],
    ['end is before start', 'end', { end: '2026-10-31' }],
    ['a custom range ends before it starts', 'end', { range: 'custom', end: '2026-10-31' }],
    ['startAt is not a time', 'startAt', { startAt: 'yesterday' }],
    ['startAt is not the midnight of start', 'startAt', { startAt: '2026-11-02T05:00:00Z' }],
    ['endAt is not the midnight after end', 'endAt', { endAt: '2026-11-21T05:00:00Z' }],
    ['endAt comes without startAt', 'startAt', { startAt: undefined }],
  ])('when %s, then 400 naming %s', async (_case, field, change) => {
    const res = await agent
      .get(path)
      .query({ ...valid, ...change })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
    // Named by its label (decision 120): "Start at", not the key "startAt".
    expect(res.body.message).toMatch(new RegExp(`^${humanizeKey(field)}`, 'i'));
  });

  it('when the span is longer than 366 days, then 400 naming start', async () => {
    const res = await agent
      .get(path)
      .query({ range: 'last-30-days', start: '2025-01-01', end: '2026-11-21' })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ start: ['A report spans at most 366 days'] });
  });

  it('when a range without a name spans 367 days, then 400 naming start; 366 days (a leap year) are fine', async () => {
    const res = await agent.get(path).query({ start: '2023-12-31', end: '2024-12-31' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ start: ['A report spans at most 366 days'] });
    expect(res.body.message).toBe('Start: A report spans at most 366 days');
    await agent.get(path).query({ start: '2024-01-01', end: '2024-12-31' }).expect(200);
    await agent.get(path).query({ range: 'custom', start: '2025-11-21', end: '2026-11-21' }).expect(200);
  });

  it('when a preset is asked for with days it did not compute, then they are answered, not refused', async () => {
    // Last 30 Days starting 30 days back: 400 "start must be …" before issue 18.
    await agent
      .get(path)
      .query({ range: 'last-30-days', start: '2026-10-22', end: '2026-11-21' })
      .expect(200);
    await agent
      .get(path)
      .query({ ...valid, start: '2026-11-02', startAt: '2026-11-02T00:00:00-05:00' })
      .expect(200);
  });

  it('when a parameter is repeated, then 400 naming it', async () => {
    const res = await agent.get(`${path}?range=today&start=2026-11-21&start=2026-11-21&end=2026-11-21`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['start']);
  });
});
