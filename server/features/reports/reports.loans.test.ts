/**
 * GET /api/reports/loans (issue 42), against a hand count. The assets and loans are made through the
 * API as an agent would (a returned loan by giving its actual return date), on this file's own
 * database. March 2025 lies in the past, so its open loans are overdue by now; the second range is
 * around the database's today, for the loans still out.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@shared/contracts/assets';
import { loanReportSchema, type LoanReport } from '@shared/contracts/loan-report';
import { createTestApp, signedInAgent, type SignedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;

/** 1 to 10 March 2025: ten days. */
const MARCH = { range: 'custom', start: '2025-03-01', end: '2025-03-10' };
const FAR = '2099-12-31';

/** The database's date `days` from its today: its today decides what is overdue. */
async function day(days: number): Promise<string> {
  const { rows } = await t.database.pool.query<{ day: string }>(
    'SELECT (CURRENT_DATE + $1::int)::text AS day',
    [days],
  );
  return rows[0]!.day;
}

let tagCounter = 0;
async function createAsset(productType: string): Promise<Asset> {
  tagCounter += 1;
  const res = await admin.agent
    .post('/api/assets')
    .send({ assetTag: `RPT-${tagCounter}`, productType, model: 'Report model' })
    .expect(201);
  return res.body.asset as Asset;
}

interface Loan {
  asset?: Asset;
  productType?: string;
  checkout: string;
  expected: string;
  /** Given: the loan is recorded as already back on that day. */
  returned?: string;
}

async function lend(loan: Loan): Promise<void> {
  await admin.agent
    .post('/api/loaner-equipment')
    .send({
      productType: loan.asset?.productType ?? loan.productType ?? 'laptop',
      personName: 'Robin Reyes',
      phone: '555-0100',
      officeNumber: 'B-204',
      checkoutDate: loan.checkout,
      expectedReturnDate: loan.expected,
      ...(loan.returned ? { actualReturnDate: loan.returned } : {}),
      ...(loan.asset ? { assetId: loan.asset.id } : {}),
    })
    .expect(201);
}

const report = async (query: Record<string, string>) => {
  const res = await agent.agent.get('/api/reports/loans').query(query).expect(200);
  return loanReportSchema.parse(res.body);
};

const row = (answer: LoanReport, productType: string) =>
  answer.byProductType.find((each) => each.productType === productType);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app, { firstName: 'Alex', lastName: 'Admin' });
  agent = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });

  // Laptops. L1: a loan across the range's start, returned in it (3 days in March, 7 days long),
  // then one made on the 8th and still out, overdue since the 12th (3 days: to the range's end).
  const l1 = await createAsset('laptop');
  await lend({ asset: l1, checkout: '2025-02-25', expected: '2025-03-02', returned: '2025-03-03' });
  await lend({ asset: l1, checkout: '2025-03-08', expected: '2025-03-12' });
  // L2: made on the range's last day, returned after it (1 day; not returned in the range).
  const l2 = await createAsset('laptop');
  await lend({ asset: l2, checkout: '2025-03-10', expected: '2025-03-14', returned: '2025-03-15' });
  // L3: never lent (0 days, still one of the laptops).
  await createAsset('laptop');
  // L4: lent on the 4th, back on the 5th (2 days long), then retired: it served in the range.
  const l4 = await createAsset('laptop');
  await lend({ asset: l4, checkout: '2025-03-04', expected: '2025-03-05', returned: '2025-03-05' });
  await admin.agent.put(`/api/assets/${l4.id}`).send({ status: 'retired' }).expect(200);
  // L5: retired without a loan in the range: not counted.
  const l5 = await createAsset('laptop');
  await lend({ asset: l5, checkout: '2025-01-10', expected: '2025-01-12', returned: '2025-01-12' });
  await admin.agent.put(`/api/assets/${l5.id}`).send({ status: 'retired' }).expect(200);

  // A monitor lent by two records that overlap on the 5th and 6th: returned (1st–6th, 6 days long)
  // and still out until 2099 (from the 5th): every day of the range once, 10 of 10. An earlier loan
  // lies wholly before the range.
  const m1 = await createAsset('monitor');
  await lend({ asset: m1, checkout: '2025-02-01', expected: '2025-02-10', returned: '2025-02-10' });
  await lend({ asset: m1, checkout: '2025-03-01', expected: '2025-03-06', returned: '2025-03-06' });
  await lend({ asset: m1, checkout: '2025-03-05', expected: FAR });

  // Loans without an asset: counted in the figures, never in utilisation.
  await lend({ checkout: '2025-03-02', expected: '2025-03-04', returned: '2025-03-04' }); // 3 days long
  // A return date entered before the checkout: a one-day loan.
  await lend({ checkout: '2025-03-09', expected: '2025-03-09', returned: '2025-03-07' });
  await lend({ checkout: '2025-01-01', expected: '2025-01-05' }); // overdue, made before the range
  await lend({ checkout: '2025-02-28', expected: FAR }); // the day before the range: not made in it
  await lend({ checkout: '2025-03-11', expected: FAR }); // the day after the range: not made in it

  // Tablets, around today: one lent from two days ago until two days ahead, one overdue since yesterday.
  const t1 = await createAsset('tablet');
  await lend({ asset: t1, checkout: await day(-2), expected: await day(2) });
  const t2 = await createAsset('tablet');
  await lend({ asset: t2, checkout: await day(-4), expected: await day(-1) });
});
afterAll(() => t.close());

describe('GET /api/reports/loans', () => {
  it('when a range is asked for, then loans made, returned, overdue now and the average length are the hand count', async () => {
    const answer = await report(MARCH);
    // Made 1–10 March: L1's second (8th), L2's (10th), L4's (4th), the monitor's two (1st, 5th), and
    // the two without an asset (2nd, 9th); not the 25 Feb, 28 Feb, 1 Jan or 11 March ones.
    expect(answer.loansMade).toBe(7);
    // Returned 1–10 March: L1's (3rd, 7 days), L4's (5th, 2), the monitor's (6th, 6), the unlinked
    // ones (4th, 3; 7th, 1); not L2's (15th) nor the monitor's of February.
    expect(answer.returned).toBe(5);
    expect(answer.averageLoanDays).toBe((7 + 2 + 6 + 3 + 1) / 5);
    // Overdue now, whatever the range: L1's second, the unlinked one of January and the tablet T2's.
    expect(answer.overdueNow).toBe(3);
  });

  it('when a range is asked for, then each type’s utilisation counts its assets’ days on loan in it', async () => {
    const answer = await report(MARCH);
    expect(answer.byProductType.map((each) => each.productType)).toEqual(['laptop', 'monitor', 'tablet']);
    // L1 3 + 3, L2 1, L3 0, L4 2 (retired, lent in the range); L5 left out: 4 assets × 10 days.
    expect(row(answer, 'laptop')).toEqual({
      productType: 'laptop',
      assets: 4,
      daysOnLoan: 9,
      daysInRange: 40,
      utilisation: 9 / 40,
    });
    // The overlapping days count once.
    expect(row(answer, 'monitor')).toEqual({
      productType: 'monitor',
      assets: 1,
      daysOnLoan: 10,
      daysInRange: 10,
      utilisation: 1,
    });
    // Tablets exist but were not lent in March 2025.
    expect(row(answer, 'tablet')).toEqual({
      productType: 'tablet',
      assets: 2,
      daysOnLoan: 0,
      daysInRange: 20,
      utilisation: 0,
    });
  });

  it('when loans are still out, then they hold their asset to the expected return date, or to today while overdue', async () => {
    // From five days ago to four days ahead: ten days.
    const answer = await report({ start: await day(-5), end: await day(4) });
    // T1: two days ago to two days ahead (5 days); T2: four days ago, overdue, to today (5 days).
    expect(row(answer, 'tablet')).toMatchObject({
      assets: 2,
      daysOnLoan: 10,
      daysInRange: 20,
      utilisation: 0.5,
    });
    // The monitor's open loan runs to 2099: every day.
    expect(row(answer, 'monitor')).toMatchObject({ daysOnLoan: 10, utilisation: 1 });
    // L1, L2, L3 are in service (L4 was retired and not lent now); L1's loan of March 2025, overdue,
    // still holds it: five days ago to today, 6 days of 30.
    expect(row(answer, 'laptop')).toMatchObject({
      assets: 3,
      daysOnLoan: 6,
      daysInRange: 30,
      utilisation: 0.2,
    });
    expect(answer).toMatchObject({ loansMade: 2, returned: 0, averageLoanDays: null, overdueNow: 3 });
  });

  it('when the range ends before it starts, then 400 naming end', async () => {
    const res = await agent.agent
      .get('/api/reports/loans')
      .query({ ...MARCH, end: '2025-02-28' })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['end']);
  });

  it('when start is not a day, then 400 naming start', async () => {
    const res = await agent.agent
      .get('/api/reports/loans')
      .query({ ...MARCH, start: '2025-02-30' })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['start']);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/reports/loans').query(MARCH).expect(401);
  });
});
