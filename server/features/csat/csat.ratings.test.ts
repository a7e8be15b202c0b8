/**
 * Satisfaction ratings (issue 41), run as the app runs them: closes through the API, the rating sender
 * and the account email sender started as server.ts starts them, the emails read from a real SMTP
 * server and their links followed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type Notification } from '@shared/contracts/notifications';
import { PORTAL_MESSAGES, type TicketRating } from '@shared/contracts/portal';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { startAccountEmailSender } from '../../core/accounts/account-email.job';
import { hashToken } from '../../lib/single-use-token';
import { registerLogSecret } from '../../test/security/log-scanner';
import { createReplyTestApp, sleep, type Agent, type ReplyTestApp } from '../../test/support/replies';
import { createTicket } from '../../test/support/tickets';
import { openSecondPool } from '../../test/test-database';
import { sendPendingSurveys, startCsatSurveySender, type CsatSenderDeps } from './csat-survey.job';

let r: ReplyTestApp;
let deps: CsatSenderDeps;

const setCsat = (csat: boolean) =>
  r.admin
    .post('/api/settings')
    .send({ key: 'portal', value: { enabled: false, newTickets: 'known', allowedDomains: [], csat } })
    .expect(200);

beforeAll(async () => {
  r = await createReplyTestApp();
  deps = { db: r.t.database.db, jobs: r.t.jobs, config: r.t.config, cipher: r.cipher };
  // As server.ts where email sending is enabled.
  await startAccountEmailSender(deps);
  await startCsatSurveySender(deps);
  await setCsat(true);
});
afterAll(() => r.close());

const LINKS = /https?:\/\/\S+\/portal\/rate\/([A-Za-z0-9_-]{43})\?score=(good|bad)/g;

const newRequester = () => `requester.${crypto.randomUUID()}@contoso.com`;

const mailsTo = (address: string) => r.smtp.messages.filter((message) => message.to.includes(address));

/** Waits for the `count`th rating email to `address`; answers the token of its links. */
async function ratingToken(address: string, count = 1): Promise<string> {
  const until = Date.now() + 15_000;
  while (mailsTo(address).length < count) {
    if (Date.now() > until) throw new Error(`no rating email ${count} to ${address}`);
    await sleep(100);
  }
  const links = [...mailsTo(address)[count - 1]!.text.matchAll(LINKS)];
  const token = links[0]![1]!;
  registerLogSecret('a rating link token', token);
  return token;
}

/** A ticket of its own requester, assigned to the agent. */
async function assignedTicket(): Promise<Ticket> {
  return createTicket(r.admin, { fromEmail: newRequester(), assignedTo: r.agentUser.id });
}

const setStatus = (ticket: Ticket, status: string, as: Agent = r.agent) =>
  as.put(`/api/tickets/${ticket.id}`).send({ status }).expect(200);

const surveysOf = async (ticketId: string) =>
  (
    await r.t.database.db.execute<{
      id: string;
      change_id: string;
      status: string;
      token_hash: string | null;
      requester_email: string;
      assignee_id: string | null;
      score: string | null;
      comment: string | null;
      answered_at: string | null;
      expires_at: string;
      created_at: string;
    }>(sql`SELECT * FROM csat_surveys WHERE ticket_id = ${ticketId} ORDER BY created_at, id`)
  ).rows;

const rate = (token: string, body: object) =>
  request(r.t.app).post(`/api/portal/ratings/${token}`).send(body);
const ratingsOf = async (ticketId: string) =>
  (await r.agent.get(`/api/tickets/${ticketId}/ratings`).expect(200)).body.ratings as TicketRating[];
const ratedEvents = async (ticketId: string) =>
  ((await r.agent.get(`/api/tickets/${ticketId}/activity`).expect(200)).body.events as TicketEvent[]).filter(
    (event) => event.kind === 'rated',
  );
const badNotices = async (as: Agent, ticketId: string) =>
  ((await as.get('/api/notifications').expect(200)).body.notifications as Notification[]).filter(
    (notice) => notice.kind === 'rating_bad' && notice.ticketId === ticketId,
  );

describe('asking after a close', () => {
  it('when a ticket is closed then exactly one "How did we do?" email reaches its requester, with Good and Bad links that work', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed');
    const token = await ratingToken(ticket.fromEmail);

    const [mail] = mailsTo(ticket.fromEmail);
    expect(mail!.subject).toBe(`How did we do? ${ticket.ticketNumber}: ${ticket.subject}`);
    expect(mail!.text).toContain(ticket.ticketNumber);
    expect(mail!.text).toContain(ticket.subject);
    const links = [...mail!.text.matchAll(LINKS)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      [token, 'good'],
      [token, 'bad'],
    ]);
    const page = await request(r.t.app).get(`/api/portal/ratings/${token}`).expect(200);
    expect(page.body).toEqual({
      ticketNumber: ticket.ticketNumber,
      subject: ticket.subject,
      score: null,
      comment: null,
    });

    // One survey, of this close, with the agent of the close, holding only the token's hash.
    const [survey, ...others] = await surveysOf(ticket.id);
    expect(others).toEqual([]);
    expect(survey).toMatchObject({
      status: 'sent',
      token_hash: hashToken(token),
      requester_email: ticket.fromEmail,
      assignee_id: r.agentUser.id,
    });
    const { rows: closing } = await r.t.database.db.execute<{ id: string }>(
      sql`SELECT id FROM ticket_changes WHERE ${ticket.id} = ANY(ticket_ids)
          AND changes @> ${JSON.stringify([{ status: { after: 'closed' } }])}::jsonb`,
    );
    expect(closing.map((row) => row.id)).toEqual([survey!.change_id]);
    const days = (Date.parse(survey!.expires_at) - Date.parse(survey!.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // Nothing more follows, however often the sender runs.
    await sendPendingSurveys(deps);
    await sleep(1_000);
    expect(mailsTo(ticket.fromEmail)).toHaveLength(1);
  });

  it('when tickets are closed in bulk then each requester is asked once', async () => {
    const [first, second] = [await assignedTicket(), await assignedTicket()];
    await r.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [first.id, second.id], updates: { status: 'closed' } })
      .expect(200);
    await ratingToken(first.fromEmail);
    await ratingToken(second.fromEmail);
    await sleep(500);
    expect(mailsTo(first.fromEmail)).toHaveLength(1);
    expect(mailsTo(second.fromEmail)).toHaveLength(1);
  });

  it('when two senders run at once on the same pending surveys then each is emailed exactly once', async () => {
    const tickets = await Promise.all(Array.from({ length: 6 }, () => assignedTicket()));
    const other = await openSecondPool(r.t.database);
    try {
      // The process's own sender is kicked by the close; two more take the same queue meanwhile.
      await r.agent
        .patch('/api/tickets/bulk')
        .send({ ticketIds: tickets.map((ticket) => ticket.id), updates: { status: 'closed' } })
        .expect(200);
      await Promise.all([sendPendingSurveys(deps), sendPendingSurveys({ ...deps, db: other.db })]);
    } finally {
      await other.close();
    }
    for (const ticket of tickets) await ratingToken(ticket.fromEmail);
    await sleep(1_000);
    for (const ticket of tickets) expect(mailsTo(ticket.fromEmail)).toHaveLength(1);
  });

  it('when email is not configured then the close is marked unsent: nobody is asked and it counts as not asked', async () => {
    await r.t.database.db.execute(sql`DELETE FROM settings WHERE key = 'email'`);
    const ticket = await assignedTicket();
    try {
      await setStatus(ticket, 'closed');
      // Whichever sender takes it (this one, or the one the close kicked) marks it.
      await sendPendingSurveys(deps);
      while ((await surveysOf(ticket.id))[0]?.status === 'pending') await sleep(50);
      expect(await surveysOf(ticket.id)).toMatchObject([{ status: 'unsent', token_hash: null }]);
    } finally {
      await r.configureEmail();
    }
    await sleep(500);
    expect(mailsTo(ticket.fromEmail)).toEqual([]);
    expect(await ratingsOf(ticket.id)).toEqual([]);
  });

  it('when ratings are off then a close asks nobody', async () => {
    await setCsat(false);
    try {
      const ticket = await assignedTicket();
      await setStatus(ticket, 'closed');
      await sendPendingSurveys(deps);
      await sleep(1_000);
      expect(await surveysOf(ticket.id)).toEqual([]);
      expect(mailsTo(ticket.fromEmail)).toEqual([]);
    } finally {
      await setCsat(true);
    }
  });
});

describe('the rating link', () => {
  it('when the link is only opened (a mail scanner) then nothing is recorded; when submitted then the rating is recorded and shown on the ticket', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed');
    const token = await ratingToken(ticket.fromEmail);
    const before = await surveysOf(ticket.id);

    await request(r.t.app).get(`/api/portal/ratings/${token}?score=good`).expect(200);
    await request(r.t.app).get(`/api/portal/ratings/${token}`).expect(200);
    expect(await surveysOf(ticket.id)).toEqual(before);
    expect(await ratedEvents(ticket.id)).toEqual([]);
    expect((await ratingsOf(ticket.id))[0]).toMatchObject({ score: null, comment: null, answeredAt: null });

    const saved = await rate(token, { score: 'good', comment: '  Quick and friendly  ' }).expect(200);
    expect(saved.body).toEqual({ success: true, message: PORTAL_MESSAGES.ratingSaved });
    const [rating, ...others] = await ratingsOf(ticket.id);
    expect(others).toEqual([]);
    expect(rating).toMatchObject({ score: 'good', comment: 'Quick and friendly' });
    expect(rating!.answeredAt).not.toBeNull();
    const page = await request(r.t.app).get(`/api/portal/ratings/${token}`).expect(200);
    expect(page.body).toMatchObject({ score: 'good', comment: 'Quick and friendly' });
    expect(await ratedEvents(ticket.id)).toMatchObject([
      { kind: 'rated', to: 'good', from: 'Quick and friendly', actor: null },
    ]);
    // A Good rating tells nobody.
    expect(await badNotices(r.agent, ticket.id)).toEqual([]);
  });

  it('when the requester changes the answer to Bad then it is recorded, logged, and the assignee is told once', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed', r.admin);
    const token = await ratingToken(ticket.fromEmail);
    await rate(token, { score: 'good' }).expect(200);
    await rate(token, { score: 'bad', comment: 'It jams again' }).expect(200);
    // The same answer again changes nothing; a new comment is logged but tells nobody again.
    await rate(token, { score: 'bad', comment: 'It jams again' }).expect(200);
    await rate(token, { score: 'bad', comment: 'It jams again, twice a day' }).expect(200);

    expect(await ratingsOf(ticket.id)).toMatchObject([
      { score: 'bad', comment: 'It jams again, twice a day' },
    ]);
    expect((await ratedEvents(ticket.id)).map((event) => [event.to, event.from])).toEqual([
      ['good', null],
      ['bad', 'It jams again'],
      ['bad', 'It jams again, twice a day'],
    ]);
    const notices = await badNotices(r.agent, ticket.id);
    expect(notices.map((notice) => notice.text)).toEqual([
      NOTIFICATION_TEXTS.ratingBad(ticket.ticketNumber, ticket.subject),
    ]);
    expect(await badNotices(r.admin, ticket.id)).toEqual([]);
  });

  it('when a ticket is reopened and closed again then it is asked again and each close keeps its own rating', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed');
    const first = await ratingToken(ticket.fromEmail);
    await rate(first, { score: 'good', comment: 'Fixed' }).expect(200);
    await setStatus(ticket, 'open');
    await setStatus(ticket, 'closed');
    const second = await ratingToken(ticket.fromEmail, 2);
    expect(second).not.toBe(first);
    await rate(second, { score: 'bad', comment: 'Broke again' }).expect(200);

    const ratings = await ratingsOf(ticket.id);
    expect(ratings.map((rating) => [rating.score, rating.comment])).toEqual([
      ['bad', 'Broke again'],
      ['good', 'Fixed'],
    ]);
    const firstPage = await request(r.t.app).get(`/api/portal/ratings/${first}`).expect(200);
    expect(firstPage.body).toMatchObject({ score: 'good', comment: 'Fixed' });
    const surveys = await surveysOf(ticket.id);
    expect(new Set(surveys.map((survey) => survey.change_id)).size).toBe(2);
  });

  it('when the link has expired, is unknown or malformed then 404 alike, and nothing is recorded', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed');
    const token = await ratingToken(ticket.fromEmail);
    await r.t.database.db.execute(
      sql`UPDATE csat_surveys SET expires_at = now() - interval '1 second' WHERE ticket_id = ${ticket.id}`,
    );
    for (const candidate of [token, 'A'.repeat(43), 'short']) {
      const page = await request(r.t.app).get(`/api/portal/ratings/${candidate}`).expect(404);
      expect(page.body.message).toBe(PORTAL_MESSAGES.ratingInvalid);
      const post = await rate(candidate, { score: 'good' }).expect(404);
      expect(post.body.message).toBe(PORTAL_MESSAGES.ratingInvalid);
    }
    expect((await surveysOf(ticket.id))[0]).toMatchObject({ score: null, answered_at: null });
  });

  it('when the answer is not good or bad, or the comment is too long, then 400 naming the field', async () => {
    const ticket = await assignedTicket();
    await setStatus(ticket, 'closed');
    const token = await ratingToken(ticket.fromEmail);
    const score = await rate(token, { score: 'meh' }).expect(400);
    expect(score.body.message).toContain('score');
    const comment = await rate(token, { score: 'good', comment: 'x'.repeat(2_001) }).expect(400);
    expect(comment.body.message).toMatch(/comment/i);
    await rate(token, { score: 'good', comment: 'nul \u0000 here' }).expect(400);
    expect((await surveysOf(ticket.id))[0]).toMatchObject({ score: null });
  });

  it('when an agent reads the ratings of a ticket that does not exist then 404', async () => {
    await r.agent.get(`/api/tickets/${crypto.randomUUID()}/ratings`).expect(404);
    await request(r.t.app).get(`/api/tickets/${crypto.randomUUID()}/ratings`).expect(401);
  });
});
