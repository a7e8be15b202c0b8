/**
 * The Satisfaction view (issue 41), GET /api/reports/csat, against a hand count: surveys made by real
 * closes, stamped into the report's days (the sender's part, "sent", is written here, so no mail is
 * needed), answered through the rating link.
 */
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsatReport } from '@shared/contracts/portal';
import type { Ticket } from '@shared/contracts/tickets';
import { newToken } from '../../lib/single-use-token';
import { createTestApp, signedInAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: SignedInUser;
let priya: SignedInUser;
let sam: SignedInUser;
const groupIds: Record<'hardware' | 'network' | 'hr', string> = { hardware: '', network: '', hr: '' };

/** 10 to 12 June 2030, as a browser at UTC asks for it. */
const RANGE = {
  start: '2030-06-10',
  end: '2030-06-12',
  startAt: '2030-06-10T00:00:00.000Z',
  endAt: '2030-06-13T00:00:00.000Z',
};

async function createGroup(name: string, options: { private?: boolean; members?: string[] } = {}) {
  const res = await admin.agent
    .post('/api/groups')
    .send({ name, private: options.private ?? false, members: options.members ?? [] })
    .expect(201);
  return res.body.group.id as string;
}

interface Close {
  assignee: SignedInUser | null;
  group: keyof typeof groupIds | null;
  /** When the close asked (created_at). */
  askedAt: string;
  status?: 'sent' | 'unsent';
  answer?: { score: 'good' | 'bad'; comment?: string };
}

/** A ticket closed by the admin, its survey stamped as sent at `askedAt`, then answered. */
async function closed(close: Close): Promise<Ticket> {
  const ticket = await createTicket(admin.agent, { assignedTo: close.assignee?.user.id ?? null });
  if (close.group) {
    await admin.agent.put(`/api/tickets/${ticket.id}`).send({ groupId: groupIds[close.group] }).expect(200);
  }
  await admin.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);
  const { token, tokenHash } = newToken();
  const status = close.status ?? 'sent';
  const updated = await t.database.db.execute(sql`
    UPDATE csat_surveys
    SET status = ${status}, token_hash = ${status === 'sent' ? tokenHash : null},
      created_at = ${close.askedAt}::timestamptz
    WHERE ticket_id = ${ticket.id}`);
  expect(updated.rowCount).toBe(1);
  if (close.answer) await request(t.app).post(`/api/portal/ratings/${token}`).send(close.answer).expect(200);
  return ticket;
}

const report = async (as: SignedInUser, query: Record<string, string> = RANGE) =>
  (await as.agent.get('/api/reports/csat').query(query).expect(200)).body as CsatReport;

let tickets: Record<string, Ticket>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app, { firstName: 'Alex', lastName: 'Admin' });
  priya = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });
  sam = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Lee' });
  await admin.agent
    .post('/api/settings')
    .send({ key: 'portal', value: { enabled: false, newTickets: 'known', allowedDomains: [], csat: true } })
    .expect(200);
  groupIds.hardware = await createGroup('Hardware');
  groupIds.network = await createGroup('Network');
  // Private: Sam is a member, Priya is not.
  groupIds.hr = await createGroup('HR', { private: true, members: [sam.user.id] });

  // Answered in this order, so the comments read newest first: hr, slow, great.
  tickets = {
    great: await closed({
      assignee: priya,
      group: 'hardware',
      askedAt: '2030-06-10T00:00:00Z',
      answer: { score: 'good', comment: 'Great' },
    }),
    slow: await closed({
      assignee: priya,
      group: 'network',
      askedAt: '2030-06-11T09:00:00Z',
      answer: { score: 'bad', comment: 'Slow' },
    }),
    silentGood: await closed({
      assignee: sam,
      group: 'hardware',
      askedAt: '2030-06-11T10:00:00Z',
      answer: { score: 'good' },
    }),
    unanswered: await closed({ assignee: sam, group: null, askedAt: '2030-06-12T10:00:00Z' }),
    // Unassigned: counts in the totals and its group, in no agent's row; a blank comment is none.
    unassignedBad: await closed({
      assignee: null,
      group: 'network',
      askedAt: '2030-06-12T11:00:00Z',
      answer: { score: 'bad', comment: '   ' },
    }),
    hr: await closed({
      assignee: sam,
      group: 'hr',
      askedAt: '2030-06-12T23:59:59Z',
      answer: { score: 'good', comment: 'Discreet' },
    }),
    // Outside the range (its end is exclusive, its start inclusive), and one never emailed.
    after: await closed({
      assignee: priya,
      group: 'hardware',
      askedAt: '2030-06-13T00:00:00Z',
      answer: { score: 'good', comment: 'Later' },
    }),
    before: await closed({
      assignee: priya,
      group: 'hardware',
      askedAt: '2030-06-09T23:59:59Z',
      answer: { score: 'bad', comment: 'Earlier' },
    }),
    unsent: await closed({
      assignee: priya,
      group: 'hardware',
      askedAt: '2030-06-11T12:00:00Z',
      status: 'unsent',
    }),
  };
});
afterAll(() => t.close());

const comment = (key: string, score: 'good' | 'bad', text: string) => ({
  ticketId: tickets[key]!.id,
  ticketNumber: tickets[key]!.ticketNumber,
  score,
  comment: text,
  at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
});

describe('GET /api/reports/csat', () => {
  it('when surveys were asked in the range then the figures match the hand count, by agent and group at the close', async () => {
    expect(await report(admin)).toEqual({
      asked: 6,
      answered: 5,
      good: 3,
      bad: 2,
      score: 0.6,
      byAgent: [
        { userId: priya.user.id, name: 'Priya Patel', good: 1, bad: 1 },
        { userId: sam.user.id, name: 'Sam Lee', good: 2, bad: 0 },
      ],
      byGroup: [
        { groupId: groupIds.hardware, name: 'Hardware', good: 2, bad: 0 },
        { groupId: groupIds.hr, name: 'HR', good: 1, bad: 0 },
        { groupId: groupIds.network, name: 'Network', good: 0, bad: 2 },
      ],
      comments: [
        comment('hr', 'good', 'Discreet'),
        comment('slow', 'bad', 'Slow'),
        comment('great', 'good', 'Great'),
      ],
    } satisfies CsatReport);
  });

  it('when the caller is not a member of a private group then its surveys are left out, as in every report', async () => {
    expect(await report(priya)).toEqual({
      asked: 5,
      answered: 4,
      good: 2,
      bad: 2,
      score: 0.5,
      byAgent: [
        { userId: priya.user.id, name: 'Priya Patel', good: 1, bad: 1 },
        { userId: sam.user.id, name: 'Sam Lee', good: 1, bad: 0 },
      ],
      byGroup: [
        { groupId: groupIds.hardware, name: 'Hardware', good: 2, bad: 0 },
        { groupId: groupIds.network, name: 'Network', good: 0, bad: 2 },
      ],
      comments: [comment('slow', 'bad', 'Slow'), comment('great', 'good', 'Great')],
    } satisfies CsatReport);
    expect((await report(sam)).asked).toBe(6);
  });

  it('when nothing was answered in the range then the score is null', async () => {
    const empty = await report(admin, {
      start: '2031-01-01',
      end: '2031-01-01',
      startAt: '2031-01-01T00:00:00Z',
      endAt: '2031-01-02T00:00:00Z',
    });
    expect(empty).toEqual({
      asked: 0,
      answered: 0,
      good: 0,
      bad: 0,
      score: null,
      byAgent: [],
      byGroup: [],
      comments: [],
    });
  });

  it('when a ticket is in the Trash then its survey is left out', async () => {
    await admin.agent.delete(`/api/tickets/${tickets.silentGood!.id}`).expect(204);
    try {
      expect(await report(admin)).toMatchObject({ asked: 5, answered: 4, good: 2, bad: 2 });
    } finally {
      await admin.agent.post(`/api/tickets/${tickets.silentGood!.id}/restore`).expect(200);
    }
  });

  it('when the range is missing or not a date then 400 naming the field; without a session 401', async () => {
    const missing = await admin.agent.get('/api/reports/csat').query({ end: '2030-06-12' }).expect(400);
    expect(missing.body.message).toMatch(/start/i);
    const bad = await admin.agent
      .get('/api/reports/csat')
      .query({ start: '2030-06-10', end: 'soon' })
      .expect(400);
    expect(bad.body.message).toMatch(/end/i);
    await request(t.app).get('/api/reports/csat').query(RANGE).expect(401);
  });
});
