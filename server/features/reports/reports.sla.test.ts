import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slaReportSchema, type SlaReport } from '@shared/contracts/sla';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { insertTicket, local, OFFSET } from '../../test/support/reports';

/**
 * GET /api/reports/sla (issue 24). The tickets' SLA columns are set directly, as the SLA feature would
 * have written them, so each figure below is worked out by hand from beforeAll. The report covers
 * October 2026 in a browser five hours behind UTC; due times that have passed lie in October, due
 * times still ahead in 2099.
 */
const OCTOBER = {
  range: 'custom',
  start: '2026-10-01',
  end: '2026-10-31',
  startAt: `2026-10-01T00:00:00${OFFSET}`,
  endAt: `2026-11-01T00:00:00${OFFSET}`,
};
const PASSED = local('2026-10-20T12:00');
const AHEAD = new Date('2099-01-01T00:00:00Z');

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInAgent>>;
let grace: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
  const db = t.database.db;
  const A = ada.user.id;
  const B = grace.user.id;

  // s1: both met (answered in 30 business minutes, closed in time).
  await insertTicket(db, {
    status: 'closed',
    priority: 'high',
    createdAt: local('2026-10-05T09:00'),
    closedAt: local('2026-10-05T12:00'),
    assignedTo: A,
    slaFirstResponseDueAt: local('2026-10-05T10:00'),
    slaFirstRespondedAt: local('2026-10-05T09:30'),
    slaResolutionDueAt: local('2026-10-05T17:00'),
    slaFirstResponseMet: true,
    slaResolutionMet: true,
    slaFirstResponseMinutes: 30,
  });
  // s2: answered late (90 minutes, missed); its resolution undecided but past due while open: breached.
  await insertTicket(db, {
    status: 'open',
    priority: 'high',
    createdAt: local('2026-10-06T09:00'),
    assignedTo: A,
    slaFirstResponseDueAt: local('2026-10-06T10:00'),
    slaFirstRespondedAt: local('2026-10-06T10:30'),
    slaResolutionDueAt: PASSED,
    slaFirstResponseMet: false,
    slaFirstResponseMinutes: 90,
  });
  // s3: both still ahead: pending.
  await insertTicket(db, {
    status: 'in_progress',
    priority: 'medium',
    createdAt: local('2026-10-07T09:00'),
    assignedTo: B,
    slaFirstResponseDueAt: AHEAD,
    slaResolutionDueAt: AHEAD,
  });
  // s4: unassigned, never answered and past its first-response due time (breached), resolution ahead.
  await insertTicket(db, {
    status: 'open',
    priority: 'medium',
    createdAt: local('2026-10-08T09:00'),
    slaFirstResponseDueAt: PASSED,
    slaResolutionDueAt: AHEAD,
  });
  // s5: answered in an hour (met), closed late (missed).
  await insertTicket(db, {
    status: 'closed_with_harvest',
    priority: 'low',
    createdAt: local('2026-10-09T09:00'),
    closedAt: local('2026-10-25T09:00'),
    assignedTo: B,
    slaFirstResponseDueAt: local('2026-10-09T17:00'),
    slaFirstRespondedAt: local('2026-10-09T10:00'),
    slaResolutionDueAt: local('2026-10-12T17:00'),
    slaFirstResponseMet: true,
    slaResolutionMet: false,
    slaFirstResponseMinutes: 60,
  });
  // s6: created while SLA was off: no due times, not counted.
  await insertTicket(db, {
    status: 'open',
    priority: 'low',
    createdAt: local('2026-10-10T09:00'),
    assignedTo: B,
  });
  // s7: in the Trash: left out.
  await insertTicket(db, {
    status: 'open',
    priority: 'high',
    createdAt: local('2026-10-11T09:00'),
    deletedAt: local('2026-10-12T09:00'),
    assignedTo: A,
    slaFirstResponseDueAt: PASSED,
    slaFirstRespondedAt: local('2026-10-11T09:10'),
    slaResolutionDueAt: PASSED,
    slaFirstResponseMet: false,
    slaFirstResponseMinutes: 1000,
  });
  // s8: created at 23:59 the day before the range: left out.
  await insertTicket(db, {
    status: 'open',
    priority: 'high',
    createdAt: local('2026-09-30T23:59'),
    assignedTo: B,
    slaFirstResponseDueAt: PASSED,
    slaFirstRespondedAt: local('2026-10-01T09:00'),
    slaResolutionDueAt: PASSED,
    slaFirstResponseMet: false,
    slaFirstResponseMinutes: 5,
  });
});
afterAll(() => t.close());

async function slaReport(query: Record<string, string>): Promise<SlaReport> {
  const res = await grace.agent.get('/api/reports/sla').query(query).expect(200);
  // Exactly the contract's shape: nothing more, nothing less.
  expect(Object.keys(res.body).sort()).toEqual(
    ['byAgent', 'byPriority', 'firstResponse', 'medianFirstResponseMinutes', 'resolution'].sort(),
  );
  return slaReportSchema.parse(res.body);
}

describe('GET /api/reports/sla', () => {
  it('counts met, breached and pending per target over the tickets created in the range', async () => {
    const report = await slaReport(OCTOBER);
    expect(report.firstResponse).toEqual({ met: 2, breached: 2, pending: 1 });
    expect(report.resolution).toEqual({ met: 1, breached: 2, pending: 2 });
  });

  it('gives breaches by priority (every priority, most urgent first) and by agent (most breaches first)', async () => {
    const report = await slaReport(OCTOBER);
    expect(report.byPriority).toEqual([
      { priority: 'high', tickets: 2, firstResponseBreached: 1, resolutionBreached: 1 },
      { priority: 'medium', tickets: 2, firstResponseBreached: 1, resolutionBreached: 0 },
      { priority: 'low', tickets: 1, firstResponseBreached: 0, resolutionBreached: 1 },
    ]);
    expect(report.byAgent).toEqual([
      {
        userId: ada.user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        tickets: 2,
        firstResponseBreached: 1,
        resolutionBreached: 1,
      },
      {
        userId: grace.user.id,
        firstName: 'Grace',
        lastName: 'Hopper',
        tickets: 2,
        firstResponseBreached: 0,
        resolutionBreached: 1,
      },
      {
        userId: null,
        firstName: null,
        lastName: null,
        tickets: 1,
        firstResponseBreached: 1,
        resolutionBreached: 0,
      },
    ]);
  });

  it('gives the median business minutes to the first reply (30, 60 and 90: 60)', async () => {
    expect((await slaReport(OCTOBER)).medianFirstResponseMinutes).toBe(60);
  });

  it('interpolates the median of an even count (the 30 and 90 of 5 and 6 October: 60; 30 alone: 30)', async () => {
    const twoDays = {
      range: 'custom',
      start: '2026-10-05',
      end: '2026-10-06',
      startAt: `2026-10-05T00:00:00${OFFSET}`,
      endAt: `2026-10-07T00:00:00${OFFSET}`,
    };
    expect((await slaReport(twoDays)).medianFirstResponseMinutes).toBe(60);
    const oneDay = { ...twoDays, end: '2026-10-05', endAt: `2026-10-06T00:00:00${OFFSET}` };
    expect((await slaReport(oneDay)).medianFirstResponseMinutes).toBe(30);
  });

  it('answers zeros, every priority, no agents and no median for a range without tickets', async () => {
    const report = await slaReport({
      start: '2026-08-01',
      end: '2026-08-31',
      startAt: `2026-08-01T00:00:00${OFFSET}`,
      endAt: `2026-09-01T00:00:00${OFFSET}`,
    });
    expect(report).toEqual({
      firstResponse: { met: 0, breached: 0, pending: 0 },
      resolution: { met: 0, breached: 0, pending: 0 },
      byPriority: ['high', 'medium', 'low'].map((priority) => ({
        priority,
        tickets: 0,
        firstResponseBreached: 0,
        resolutionBreached: 0,
      })),
      byAgent: [],
      medianFirstResponseMinutes: null,
    });
  });

  it('checks the range as GET /api/reports does: 400 naming the field', async () => {
    const endBefore = await grace.agent
      .get('/api/reports/sla')
      .query({ start: '2026-10-31', end: '2026-10-01' })
      .expect(400);
    expect(endBefore.body.fieldErrors).toHaveProperty('end');
    const missing = await grace.agent.get('/api/reports/sla').query({ end: '2026-10-01' }).expect(400);
    expect(missing.body.fieldErrors).toHaveProperty('start');
    const tooLong = await grace.agent
      .get('/api/reports/sla')
      .query({ start: '2025-01-01', end: '2026-10-01' })
      .expect(400);
    expect(tooLong.body.fieldErrors).toHaveProperty('start');
  });

  it('is for signed-in users only', async () => {
    await request(t.app).get('/api/reports/sla').query(OCTOBER).expect(401);
  });
});
