/**
 * Issue 42, Overdue: a loan tied to a ticket that passes its expected return date adds one note to
 * the ticket ("Laptop LT-0042 was due back on 2026-12-04") per loan and due date, however many passes
 * run at once on however many processes; by the `loans` setting a closed ticket is reopened (through
 * the ticket's change path: Activity Log, rules, SLA) and the requester gets one reminder threaded in
 * the ticket's conversation, sent through the outbound queue to a real SMTP server. A new expected
 * return date re-arms both, and the assignee's bell notice leads to the ticket.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@shared/contracts/assets';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { LoanSettings } from '@shared/contracts/loan-settings';
import type { TicketMessage } from '@shared/contracts/messages';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { parseNotes, SYSTEM_NOTE_AUTHOR } from '@shared/notes';
import { notifications } from '@shared/schema';
import type { OpenDatabase } from '../../db/database';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner';
import { overdueLoanReminders } from '../../overdue-loan-runner';
import {
  createReplyTestApp,
  postReply,
  readMessage,
  recordOpeningEmail,
  waitForStatus,
  type Agent,
  type ReplyTestApp,
} from '../../test/support/replies';
import { createTicket } from '../../test/support/tickets';
import { openSecondPool } from '../../test/test-database';
import { signedInAgent } from '../../test/test-app';
import { notifyOverdueLoans } from './overdue-loan-notices';
import { actOnOverdueLoans, type OverdueLoansDeps } from './overdue-loans.service';

let r: ReplyTestApp;
/** A second app process's pool and job runner on the same database. */
let second: OpenDatabase;
let secondJobs: JobRunner;
let first: OverdueLoansDeps;
let other: OverdueLoansDeps;

beforeAll(async () => {
  r = await createReplyTestApp();
  await r.startSender();
  second = await openSecondPool(r.t.database);
  secondJobs = createJobRunner(second.pool);
  const wiring = { config: r.t.config, cipher: r.cipher };
  first = {
    db: r.t.database.db,
    reminders: overdueLoanReminders({ db: r.t.database.db, jobs: r.t.jobs, ...wiring }),
  };
  other = { db: second.db, reminders: overdueLoanReminders({ db: second.db, jobs: secondJobs, ...wiring }) };
});
afterAll(async () => {
  await secondJobs.stop();
  await second.close();
  await r.close();
});

/** The database's date `days` from its today: its CURRENT_DATE decides what is overdue. */
async function day(days: number): Promise<string> {
  const { rows } = await r.t.database.pool.query<{ day: string }>(
    'SELECT (CURRENT_DATE + $1::int)::text AS day',
    [days],
  );
  return rows[0]!.day;
}

const setLoans = (value: LoanSettings) =>
  r.admin.post('/api/settings').send({ key: 'loans', value }).expect(200);

async function createAsset(): Promise<Asset> {
  const assetTag = `LT-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const res = await r.agent.post('/api/assets').send({ assetTag, productType: 'laptop' }).expect(201);
  return res.body.asset as Asset;
}

/** A loan checked out ten days ago, due back `dueIn` days from today, tied to `ticketId`. */
async function lend(ticketId: string, options: { assetId?: string; dueIn?: number; as?: Agent } = {}) {
  const res = await (options.as ?? r.agent)
    .post('/api/loaner-equipment')
    .send({
      productType: 'laptop',
      personName: 'Robin Reyes',
      phone: '555-0100',
      officeNumber: 'B-204',
      checkoutDate: await day(-10),
      expectedReturnDate: await day(options.dueIn ?? -2),
      ticketId,
      ...(options.assetId ? { assetId: options.assetId } : {}),
    })
    .expect(201);
  return res.body as LoanerEquipmentRecord;
}

const readTicket = async (id: string) =>
  (await r.admin.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket;
const notesOf = async (id: string) => parseNotes((await readTicket(id)).notes);
const eventsOf = async (id: string) =>
  (await r.admin.get(`/api/tickets/${id}/activity`).expect(200)).body.events as TicketEvent[];
const messagesOf = async (id: string) =>
  (await r.admin.get(`/api/tickets/${id}/messages`).expect(200)).body.messages as TicketMessage[];
/**
 * Once none of the ticket's outbound messages waits to be sent, no more mail can come for it: what
 * SMTP holds then is all it will get (a condition, where a pause would only guess).
 */
const outboxSettled = (id: string) =>
  expect
    .poll(
      async () =>
        (await messagesOf(id)).filter(
          (message) =>
            message.direction === 'outbound' && (message.status === 'queued' || message.status === 'sending'),
        ).length,
      { timeout: 15_000 },
    )
    .toBe(0);
const closeTicket = (id: string) => r.agent.put(`/api/tickets/${id}`).send({ status: 'closed' }).expect(200);

describe('the note', () => {
  it('when linked loans pass their date and two processes run the pass at once, then each ticket gets exactly one note', async () => {
    await setLoans({ reopenWhenOverdue: false, remindRequester: false });
    const loans: { ticket: Ticket; asset: Asset; loan: LoanerEquipmentRecord }[] = [];
    for (let i = 0; i < 6; i++) {
      const ticket = await createTicket(r.agent);
      const asset = await createAsset();
      loans.push({ ticket, asset, loan: await lend(ticket.id, { assetId: asset.id }) });
    }
    const due = await day(-2);

    const [acted1, acted2] = await Promise.all([actOnOverdueLoans(first), actOnOverdueLoans(other)]);
    expect(acted1 + acted2).toBe(loans.length);
    // Run again, on both: nothing more.
    expect(await Promise.all([actOnOverdueLoans(first), actOnOverdueLoans(other)])).toEqual([0, 0]);

    for (const { ticket, asset } of loans) {
      const notes = await notesOf(ticket.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        text: `Laptop ${asset.assetTag} was due back on ${due}`,
        userId: null,
        ...SYSTEM_NOTE_AUTHOR,
      });
      expect((await eventsOf(ticket.id)).filter((event) => event.kind === 'note_added')).toHaveLength(1);
    }
    const { rows } = await r.t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM overdue_loan_actions WHERE loan_id = ANY($1::uuid[])',
      [loans.map(({ loan }) => loan.id)],
    );
    expect(rows[0]!.n).toBe(loans.length);
  });

  it('when the loan has no asset, then the note names the product type alone', async () => {
    const ticket = await createTicket(r.agent);
    await lend(ticket.id, { dueIn: -3 });
    await actOnOverdueLoans(first);
    expect((await notesOf(ticket.id)).map((note) => note.text)).toEqual([
      `Laptop was due back on ${await day(-3)}`,
    ]);
  });

  it('when a loan is due back today or was returned, then no note', async () => {
    const today = await createTicket(r.agent);
    await lend(today.id, { dueIn: 0 });
    const returned = await createTicket(r.agent);
    const back = await lend(returned.id);
    await r.agent.put(`/api/loaner-equipment/${back.id}`).send({ isReturned: true }).expect(200);
    await actOnOverdueLoans(first);
    expect(await notesOf(today.id)).toEqual([]);
    expect(await notesOf(returned.id)).toEqual([]);
  });

  it('when the loan’s ticket was merged, then the note goes to the ticket it was merged into; a ticket in the Trash gets none', async () => {
    await setLoans({ reopenWhenOverdue: true, remindRequester: false });
    const source = await createTicket(r.agent);
    const target = await createTicket(r.agent);
    await lend(source.id);
    await r.agent.post(`/api/tickets/${source.id}/merge`).send({ targetId: target.id }).expect(200);
    const trashed = await createTicket(r.agent);
    await lend(trashed.id);
    await r.admin.delete(`/api/tickets/${trashed.id}`).expect(204);

    await actOnOverdueLoans(first);
    const due = await day(-2);
    expect((await notesOf(target.id)).map((note) => note.text)).toContain(`Laptop was due back on ${due}`);
    expect((await notesOf(source.id)).map((note) => note.text)).not.toContain(
      `Laptop was due back on ${due}`,
    );
    // The merged ticket stays closed: its conversation lives on in the target.
    expect((await readTicket(source.id)).status).not.toBe('open');
    expect(await notesOf(trashed.id)).toEqual([]);
  });

  it('when the expected return date is moved, then the new date re-arms the note and the reminder; the old one does not come back', async () => {
    await setLoans({ reopenWhenOverdue: false, remindRequester: true });
    const ticket = await createTicket(r.agent, { fromEmail: 'rearm@contoso.com' });
    const loan = await lend(ticket.id, { dueIn: -5 });
    r.smtp.clear();
    await actOnOverdueLoans(first);
    await r.smtp.waitForMessages(1);

    // Extended to next week: not due yet.
    await r.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ expectedReturnDate: await day(7) })
      .expect(200);
    expect(await actOnOverdueLoans(first)).toBe(0);
    // That date passes too (set to one already past, as the calendar would): told again, once.
    await r.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ expectedReturnDate: await day(-1) })
      .expect(200);
    await Promise.all([actOnOverdueLoans(first), actOnOverdueLoans(other)]);
    await actOnOverdueLoans(first);
    // Back to the first date: it was told already.
    await r.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ expectedReturnDate: await day(-5) })
      .expect(200);
    expect(await actOnOverdueLoans(first)).toBe(0);

    expect((await notesOf(ticket.id)).map((note) => note.text)).toEqual([
      `Laptop was due back on ${await day(-5)}`,
      `Laptop was due back on ${await day(-1)}`,
    ]);
    const mails = await r.smtp.waitForMessages(2);
    await outboxSettled(ticket.id);
    expect(r.smtp.messages).toHaveLength(2);
    expect(mails.map((mail) => mail.to)).toEqual([['rearm@contoso.com'], ['rearm@contoso.com']]);
    expect(mails[1]!.text).toContain(`was due back on ${await day(-1)}`);
  });
});

describe('reopening, under loans.reopenWhenOverdue', () => {
  it('when the setting is off, then a closed ticket gets its note and stays closed', async () => {
    await setLoans({ reopenWhenOverdue: false, remindRequester: false });
    const ticket = await createTicket(r.agent);
    await closeTicket(ticket.id);
    await lend(ticket.id);
    await actOnOverdueLoans(first);
    const after = await readTicket(ticket.id);
    expect(after.status).toBe('closed');
    expect(parseNotes(after.notes)).toHaveLength(1);
  });

  it('when the setting is on, then a closed ticket is reopened once, in its Activity Log as the help desk’s change', async () => {
    await setLoans({ reopenWhenOverdue: true, remindRequester: false });
    const ticket = await createTicket(r.agent);
    await closeTicket(ticket.id);
    await lend(ticket.id);
    await Promise.all([actOnOverdueLoans(first), actOnOverdueLoans(other)]);

    const after = await readTicket(ticket.id);
    expect(after.status).toBe('open');
    expect(after.closedAt).toBeNull();
    const reopened = (await eventsOf(ticket.id)).filter((event) => event.kind === 'reopened');
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.actor).toBeNull();
    // Recorded through the one change path, as the loans' own change (rules and SLA read these).
    const { rows } = await r.t.database.pool.query<{ actor_system: string; channel: string }>(
      `SELECT actor_system, channel FROM ticket_changes
        WHERE $1::uuid = ANY(ticket_ids) AND changes::text LIKE '%"status"%' ORDER BY created_at DESC LIMIT 1`,
      [ticket.id],
    );
    expect(rows[0]).toEqual({ actor_system: 'loans', channel: 'system' });
  });

  it('when the setting is on and the ticket is open, then only the note', async () => {
    await setLoans({ reopenWhenOverdue: true, remindRequester: false });
    const ticket = await createTicket(r.agent);
    await lend(ticket.id);
    await actOnOverdueLoans(first);
    expect((await readTicket(ticket.id)).status).toBe('open');
    expect((await eventsOf(ticket.id)).some((event) => event.kind === 'reopened')).toBe(false);
  });
});

describe('the reminder, under loans.remindRequester', () => {
  it('when the setting is off, then no email is queued or sent', async () => {
    await setLoans({ reopenWhenOverdue: false, remindRequester: false });
    const ticket = await createTicket(r.agent, { fromEmail: 'quiet@contoso.com' });
    await lend(ticket.id);
    r.smtp.clear();
    await actOnOverdueLoans(first);
    // Nothing was queued (below), so nothing can be sent.
    expect(r.smtp.messages).toHaveLength(0);
    expect((await messagesOf(ticket.id)).filter((message) => message.direction === 'outbound')).toEqual([]);
  });

  it('when the setting is on, then the requester gets one reminder, threaded on the conversation’s last message and shown in it', async () => {
    await setLoans({ reopenWhenOverdue: false, remindRequester: true });
    const ticket = await createTicket(r.agent, {
      fromEmail: 'jordan.lee@contoso.com',
      subject: 'Laptop died',
    });
    const opening = `opening-${crypto.randomUUID()}@contoso.com`;
    await recordOpeningEmail(r.t.database.db, ticket.id, opening);
    const reply = (await postReply(r.agent, ticket.id, 'A spare laptop is ready for you.').expect(201)).body
      .message as TicketMessage;
    const replyMessageId = (await waitForStatus(r.t.database.db, reply.id, ['sent'])).messageId!;
    const asset = await createAsset();
    await lend(ticket.id, { assetId: asset.id, dueIn: -4 });
    r.smtp.clear();

    await Promise.all([actOnOverdueLoans(first), actOnOverdueLoans(other)]);
    await actOnOverdueLoans(first);

    const [mail] = await r.smtp.waitForMessages(1);
    await outboxSettled(ticket.id);
    expect(r.smtp.messages).toHaveLength(1);
    expect(mail!.to).toEqual(['jordan.lee@contoso.com']);
    expect(mail!.subject).toContain('Laptop died');
    expect(mail!.inReplyTo).toBe(replyMessageId);
    expect(mail!.references).toEqual([opening, replyMessageId]);
    expect(mail!.text).toContain(
      `Laptop ${asset.assetTag}, lent to Robin Reyes, was due back on ${await day(-4)}.`,
    );

    const outbound = (await messagesOf(ticket.id)).filter((message) => message.direction === 'outbound');
    expect(outbound).toHaveLength(2);
    const reminder = outbound.find((message) => message.id !== reply.id)!;
    expect(reminder.bodyText).toContain('was due back on');
    const stored = await waitForStatus(r.t.database.db, reminder.id, ['sent']);
    expect(stored.messageId).toBe(mail!.messageId);
    expect((await readMessage(r.t.database.db, reminder.id)).inReplyTo).toBe(replyMessageId);
  });
});

describe('the bell notice', () => {
  it('when a linked loan is overdue, then its notices lead to the ticket, except for a recipient who may not see it', async () => {
    const outsider = await signedInAgent(r.t.app);
    const group = await r.admin
      .post('/api/groups')
      .send({ name: `HR-IT ${crypto.randomUUID().slice(0, 8)}`, private: true, members: [] })
      .expect(201);
    const hidden = await createTicket(r.admin, { groupId: group.body.group.id });
    const open = await createTicket(r.admin);
    const forHidden = await r.admin
      .post('/api/loaner-equipment')
      .send({
        productType: 'monitor',
        personName: 'Rae Lin',
        phone: '555-0101',
        officeNumber: 'C-1',
        checkoutDate: await day(-9),
        expectedReturnDate: await day(-3),
        ticketId: hidden.id,
        assignedTo: outsider.user.id,
      })
      .expect(201);
    const forOpen = await lend(open.id, { as: r.admin });

    await notifyOverdueLoans(r.t.database.db);
    const { rows } = await r.t.database.pool.query<{
      user_id: string;
      ticket_id: string | null;
      equipment_id: string;
    }>('SELECT user_id, ticket_id, equipment_id FROM notifications WHERE equipment_id = ANY($1::uuid[])', [
      [forHidden.body.id, forOpen.id],
    ]);
    const of = (loanId: string, userId: string) =>
      rows.find((row) => row.equipment_id === loanId && row.user_id === userId);
    expect(of(forOpen.id, r.adminUser.id)?.ticket_id).toBe(open.id);
    expect(of(forHidden.body.id, r.adminUser.id)?.ticket_id).toBe(hidden.id);
    // The outsider is still told, with the notice leading to the loan as before.
    expect(of(forHidden.body.id, outsider.user.id)).toMatchObject({ ticket_id: null });
    const seen = await outsider.agent.get('/api/notifications').expect(200);
    expect(
      (seen.body.notifications as { equipmentId: string | null }[]).some(
        (notice) => notice.equipmentId === forHidden.body.id,
      ),
    ).toBe(true);
    expect(
      await r.t.database.db.$count(notifications, sql`${notifications.equipmentId} = ${forOpen.id}`),
    ).toBe(1);
  });
});
