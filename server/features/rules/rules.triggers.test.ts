/**
 * Triggers (issue 40), run as the app runs them: after the change commits, on the job runner (the
 * trigger pass and the reply sender started as server.ts starts them), against a real SMTP server.
 * When a change fires a trigger, then its actions are made as "Rule: <name>"; triggers run in position
 * order, each seeing what earlier ones did; a rule's own change fires nothing (no chains, no loops);
 * each trigger acts once per ticket and change however often the pass runs; and the mail guard keeps
 * replies from our own addresses, from automatic mail, and past three an hour to one recipient.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rule, RuleInput, RuleRun } from '@shared/contracts/rules';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { cannedResponses, ruleRuns, ruleTriggerCursor, ticketFields, tickets, users } from '@shared/schema';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import request from 'supertest';
import { openSecondApp, signedInAgent } from '../../test/test-app';
import { createJobRunner } from '../../jobs/job-runner';
import { createTicket } from '../../test/support/tickets';
import { postEmail, emailPayload, INBOUND_TOKEN, SUPPORT_ADDRESS } from '../../test/support/inbound';
import { startRuleRunner } from '../../rule-runner';
import { ruleActionDeps, startRules } from './rules.runtime';
import { runTriggerPass } from './rule-triggers.job';

let r: ReplyTestApp;
let cannedId: string;

beforeAll(async () => {
  r = await createReplyTestApp({
    INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
    INBOUND_SUPPORT_ADDRESS: SUPPORT_ADDRESS,
    RULES_MAX_MAILS_PER_RECIPIENT_PER_HOUR: '3',
  });
  await r.startSender();
  await startRuleRunner({ db: r.t.database.db, jobs: r.t.jobs, config: r.t.config, cipher: r.cipher });
  const [response] = await r.t.database.db
    .insert(cannedResponses)
    .values({
      name: 'We got it',
      body: 'Hello {{requester.firstName}}, we got {{ticket.number}}.',
      scope: 'team',
    })
    .returning();
  cannedId = response!.id;
});
afterAll(() => r.close());

/** Switches off every rule made so far, so each test sees only its own. */
async function onlyThese(...inputs: RuleInput[]): Promise<Rule[]> {
  const listed = (await r.admin.get('/api/rules').expect(200)).body.rules as Rule[];
  for (const rule of listed.filter((each) => each.active)) {
    await r.admin
      .put(`/api/rules/${rule.id}`)
      .send({ ...rule, active: false })
      .expect(200);
  }
  const made: Rule[] = [];
  for (const input of inputs) made.push((await r.admin.post('/api/rules').send(input).expect(201)).body.rule);
  return made;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const readTicket = async (id: string) =>
  (await r.admin.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket;
const runsOf = async (ruleId: string) =>
  (await r.admin.get(`/api/rules/${ruleId}/runs`).expect(200)).body.runs as RuleRun[];
/** Waits until every committed change has had its triggers run. */
async function settled(): Promise<void> {
  await waitFor(
    async () => {
      const { rows } = await r.t.database.db.execute<{ behind: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM ticket_changes WHERE txid > (SELECT txid FROM ${ruleTriggerCursor})) AS behind`);
      return rows[0]!.behind;
    },
    (behind) => !behind,
  );
}

const trigger = (name: string, overrides: Partial<RuleInput>): RuleInput => ({
  name,
  kind: 'trigger',
  events: ['ticket_created'],
  conditions: { all: [], any: [] },
  actions: [{ kind: 'set_priority', value: 'high' }],
  ...overrides,
});

describe('triggers: acting', () => {
  it('when a ticket from the CFO arrives, then it is made high priority and the log says by which rule', async () => {
    await onlyThese(
      trigger('CFO → high', {
        conditions: { all: [{ field: 'fromEmail', op: 'is', value: 'cfo@contoso.com' }], any: [] },
      }),
    );
    const cfo = await createTicket(r.agent, { fromEmail: 'CFO@contoso.com', priority: 'low' });
    const other = await createTicket(r.agent, { fromEmail: 'ann@contoso.com', priority: 'low' });
    expect(
      (
        await waitFor(
          () => readTicket(cfo.id),
          (ticket) => ticket.priority === 'high',
        )
      ).priority,
    ).toBe('high');
    await settled();
    expect((await readTicket(other.id)).priority).toBe('low');
    const events = (await r.admin.get(`/api/tickets/${cfo.id}/activity`).expect(200)).body
      .events as TicketEvent[];
    expect(events.find((event) => event.kind === 'priority')).toMatchObject({
      from: 'low',
      to: 'high',
      actor: null,
      ruleName: 'CFO → high',
    });
  });

  it('when mail mentions VPN, then it is tagged and put in the network group; a note and a notice follow', async () => {
    const group = (await r.admin.post('/api/groups').send({ name: 'Network' }).expect(201)).body.group;
    await onlyThese(
      trigger('VPN → network', {
        conditions: {
          all: [],
          any: [
            { field: 'subject', op: 'contains_words', value: ['vpn'] },
            { field: 'body', op: 'contains_words', value: ['vpn'] },
          ],
        },
        actions: [
          { kind: 'add_tags', value: ['vpn'] },
          { kind: 'set_group', value: group.id },
          { kind: 'set_assignee', value: r.agentUser.id },
          { kind: 'add_note', value: 'Routed for {{requester.name}} ({{ticket.number}})' },
          { kind: 'notify', to: 'assignee' },
        ],
      }),
    );
    const ticket = await createTicket(r.admin, {
      subject: 'Cannot connect',
      body: 'The VPN drops every hour',
    });
    const done = await waitFor(
      () => readTicket(ticket.id),
      (each) => each.tags.includes('vpn'),
    );
    expect(done).toMatchObject({ tags: ['vpn'], groupId: group.id, assignedTo: r.agentUser.id });
    await settled();
    const notes = (await r.admin.get(`/api/tickets/${ticket.id}`).expect(200)).body.ticket.notes as string;
    expect(notes).toContain(`Routed for Jordan Lee (${ticket.ticketNumber})`);
    const bell = (await r.agent.get('/api/notifications').expect(200)).body.notifications as {
      text: string;
    }[];
    expect(bell.map((notice) => notice.text)).toContain(
      `Rule: VPN → network on ${ticket.ticketNumber}: Cannot connect`,
    );
  });
});

describe('triggers: every action', () => {
  it('when a trigger removes tags, sets a field, assigns by the group and notifies a user and a group, then each is done', async () => {
    const { db } = r.t.database;
    await db.insert(ticketFields).values({ key: 'site', label: 'Site', type: 'text', position: 1 });
    const group = (
      await r.admin
        .post('/api/groups')
        .send({ name: 'Desk', assignment: 'round_robin', members: [r.agentUser.id] })
        .expect(201)
    ).body.group;
    const [rule] = await onlyThese(
      trigger('Everything', {
        events: ['ticket_updated'],
        conditions: {
          all: [{ field: 'changed', op: 'changed', value: { field: 'status', to: 'in_progress' } }],
          any: [],
        },
        actions: [
          { kind: 'remove_tags', value: ['stale'] },
          { kind: 'set_field', key: 'site', value: 'Berlin' },
          { kind: 'set_group', value: group.id },
          { kind: 'set_assignee', value: 'group_assignment' },
          { kind: 'set_status', value: 'open' },
          { kind: 'notify', to: 'user', value: r.adminUser.id },
          { kind: 'notify', to: 'group', value: group.id },
        ],
      }),
    );
    const ticket = await createTicket(r.admin, { tags: ['stale', 'keep'], assignedTo: r.adminUser.id });
    // Unassigned first: the group's assignment only fills an empty assignee, as by hand.
    await r.admin
      .put(`/api/tickets/${ticket.id}`)
      .send({ assignedTo: null, status: 'in_progress' })
      .expect(200);
    await settled();
    expect(await readTicket(ticket.id)).toMatchObject({
      tags: ['keep'],
      customFields: { site: 'Berlin' },
      groupId: group.id,
      assignedTo: r.agentUser.id,
      status: 'open',
    });
    // The group's member hears of it as of any assignment, from the rule.
    const bell = (await r.agent.get('/api/notifications').expect(200)).body.notifications as {
      text: string;
    }[];
    expect(bell.map((notice) => notice.text)).toContain(
      `Rule: Everything assigned ${ticket.ticketNumber} to you: ${ticket.subject}`,
    );
    const [run] = await runsOf(rule!.id);
    expect(run!.actions.map((action) => action.detail)).toEqual([
      'Tags − stale',
      'site → Berlin',
      'Group → Desk',
      expect.stringMatching(/^Assignee → /),
      'Status → Open',
      'Notified 1 user',
      'Notified 1 user',
    ]);
  });

  it('when a trigger sets the assignee to nobody and the user it names is deactivated, then it says what it could not do', async () => {
    const extra = await signedInAgent(r.t.app);
    const [rule] = await onlyThese(
      trigger('Hand over', {
        actions: [
          { kind: 'set_assignee', value: extra.user.id },
          { kind: 'set_priority', value: 'low' },
        ],
      }),
    );
    await r.t.database.db.update(users).set({ active: false }).where(eq(users.id, extra.user.id));
    const ticket = await createTicket(r.admin, { priority: 'high', assignedTo: r.agentUser.id });
    await settled();
    expect(await readTicket(ticket.id)).toMatchObject({ priority: 'low', assignedTo: r.agentUser.id });
    const [run] = await runsOf(rule!.id);
    expect(run!.actions.map((action) => action.detail)).toEqual([
      'Not done: This user has been deactivated',
      'Priority → low',
    ]);
    const listed = ((await r.admin.get('/api/rules').expect(200)).body.rules as Rule[]).find(
      (each) => each.id === rule!.id,
    )!;
    expect(listed.needsAttention).toEqual([
      { path: 'actions[0].value', message: 'This user has been deactivated' },
    ]);
    const none = await onlyThese(trigger('Unassign', { actions: [{ kind: 'set_assignee', value: 'none' }] }));
    const second = await createTicket(r.admin, { assignedTo: r.agentUser.id });
    await settled();
    expect((await readTicket(second.id)).assignedTo).toBeNull();
    expect((await runsOf(none[0]!.id))[0]!.actions[0]!.detail).toBe('Assignee → Nobody');
  });
});

describe('triggers: order, once, no loops', () => {
  it('when two triggers fire, then they run in position order, the second seeing the first', async () => {
    const [first, second] = await onlyThese(
      trigger('Second sees high', {
        conditions: { all: [{ field: 'priority', op: 'is', value: 'high' }], any: [] },
        actions: [{ kind: 'add_tags', value: ['saw-high'] }],
      }),
      trigger('First makes high', {
        conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['outage'] }], any: [] },
      }),
    );
    // As made, "Second sees high" runs first and sees low: nothing. Reordered, it sees the change.
    const before = await createTicket(r.agent, { subject: 'Outage at HQ', priority: 'low' });
    await settled();
    expect((await readTicket(before.id)).tags).toEqual([]);
    await r.admin
      .put('/api/rules/order')
      .send({ ids: await orderWith(second!.id, first!.id) })
      .expect(200);
    const after = await createTicket(r.agent, { subject: 'Outage again', priority: 'low' });
    await settled();
    expect(await readTicket(after.id)).toMatchObject({ priority: 'high', tags: ['saw-high'] });
  });

  it('when a rule changes what it tests, then it acts once; its own change fires no trigger', async () => {
    const [loop, chained] = await onlyThese(
      trigger('Tag once', {
        events: ['ticket_updated'],
        conditions: { all: [{ field: 'tags', op: 'has_none', value: ['looped'] }], any: [] },
        actions: [
          { kind: 'add_tags', value: ['looped'] },
          { kind: 'add_note', value: 'Looked at' },
        ],
      }),
      trigger('On tags changed', {
        events: ['ticket_updated'],
        conditions: {
          all: [{ field: 'changed', op: 'changed', value: { field: 'tags', to: 'looped' } }],
          any: [],
        },
        actions: [{ kind: 'set_priority', value: 'high' }],
      }),
    );
    const ticket = await createTicket(r.agent, { priority: 'low' });
    await r.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'in_progress' }).expect(200);
    await settled();
    await r.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'open' }).expect(200);
    await settled();
    expect(await readTicket(ticket.id)).toMatchObject({ tags: ['looped'], priority: 'low' });
    expect(await runsOf(loop!.id)).toHaveLength(1);
    expect(await runsOf(chained!.id)).toHaveLength(0);
  });

  it('when the pass runs again over the same changes, then no trigger acts twice', async () => {
    const [rule] = await onlyThese(
      trigger('Count me', { actions: [{ kind: 'add_note', value: 'Counted' }] }),
    );
    const ticket = await createTicket(r.agent);
    await settled();
    const { db } = r.t.database;
    // Back to just before the ticket's creation: the pass reads its change (and those after) again.
    await db.execute(sql`UPDATE ${ruleTriggerCursor} SET txid = (
      SELECT min(txid) - 1 FROM ticket_changes WHERE ${ticket.id}::uuid = ANY(ticket_ids))`);
    await runTriggerPass(db, ruleActionDeps({ ...r.t, db, cipher: r.cipher, config: r.t.config }));
    const runs = await db.select().from(ruleRuns).where(eq(ruleRuns.ruleId, rule!.id));
    expect(runs.map((run) => run.ticketId)).toEqual([ticket.id]);
  });
});

describe('triggers: several processes', () => {
  it('when two app processes run the trigger pass, then each trigger acts once per ticket', async () => {
    const [rule] = await onlyThese(
      trigger('Once across processes', { actions: [{ kind: 'add_note', value: 'Seen once' }] }),
    );
    const second = await openSecondApp(r.t);
    const secondJobs = createJobRunner(second.database.pool);
    try {
      await startRules({ db: second.database.db, jobs: secondJobs, config: r.t.config, cipher: r.cipher });
      const secondAdmin = request.agent(second.app);
      await secondAdmin
        .post('/api/login')
        .send({ email: r.adminUser.email, password: 'correct horse battery' })
        .expect(200);
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          createTicket(i % 2 === 0 ? r.admin : secondAdmin, { subject: `Both ${i}` }),
        ),
      );
      await settled();
      const runs = await r.t.database.db
        .select({ ticketId: ruleRuns.ticketId })
        .from(ruleRuns)
        .where(eq(ruleRuns.ruleId, rule!.id));
      expect(runs.map((run) => run.ticketId).sort()).toEqual(made.map((ticket) => ticket.id).sort());
    } finally {
      await secondJobs.stop();
      await second.stop();
    }
  });
});

/** Every rule's id, with `first` before `then` and the rest after. */
async function orderWith(first: string, then: string): Promise<string[]> {
  const ids = ((await r.admin.get('/api/rules').expect(200)).body.rules as Rule[]).map((rule) => rule.id);
  return [first, then, ...ids.filter((id) => id !== first && id !== then)];
}

describe('triggers: the mail guard', () => {
  const replyRule = () =>
    trigger('We got it', {
      conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['guarded'] }], any: [] },
      actions: [{ kind: 'reply', value: cannedId }],
    });

  it('when tickets come from our own addresses, then no reply is sent and the run says why', async () => {
    const [rule] = await onlyThese(replyRule());
    r.smtp.clear();
    await createTicket(r.agent, { subject: 'guarded from agent', fromEmail: r.agentUser.email });
    await createTicket(r.agent, { subject: 'guarded from support', fromEmail: SUPPORT_ADDRESS });
    await settled();
    const runs = await runsOf(rule!.id);
    expect(runs.every((run) => run.skipped?.endsWith('is one of our own addresses'))).toBe(true);
    expect(runs.map((run) => run.actions[0]!.detail).sort()).toEqual(
      [
        `Held back: ${r.agentUser.email.toLowerCase()} is one of our own addresses`,
        `Held back: ${SUPPORT_ADDRESS} is one of our own addresses`,
      ].sort(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(r.smtp.messages).toHaveLength(0);
  });

  it('when automatic mail arrives, then it opens no ticket, so no rule answers it', async () => {
    const [rule] = await onlyThese({ ...replyRule(), conditions: { all: [], any: [] } });
    r.smtp.clear();
    for (const headers of [{ 'Auto-Submitted': 'auto-replied' }, { Precedence: 'bulk' }]) {
      const res = await postEmail(r.t.app, emailPayload({ subject: 'guarded away', headers })).expect(202);
      expect(res.body.ignored).toBeTruthy();
    }
    await settled();
    expect(await runsOf(rule!.id)).toHaveLength(0);
    expect(r.smtp.messages).toHaveLength(0);
  });

  it('when one requester opens five tickets in an hour, then three replies go and two are held back', async () => {
    const [rule] = await onlyThese(replyRule());
    r.smtp.clear();
    for (let i = 0; i < 5; i++)
      await createTicket(r.agent, { subject: `guarded ${i}`, fromEmail: 'pat@fabrikam.org' });
    await settled();
    const mails = await r.smtp.waitForMessages(3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(r.smtp.messages).toHaveLength(3);
    expect(mails[0]!.text).toMatch(/^Hello Jordan, we got T-/);
    const details = (await runsOf(rule!.id)).map((run) => run.actions[0]!.detail);
    expect(details.filter((detail) => detail === 'Reply queued to pat@fabrikam.org')).toHaveLength(3);
    expect(
      details.filter((detail) => detail.startsWith('Held back: pat@fabrikam.org already had 3')),
    ).toHaveLength(2);
    const count = await r.t.database.db.$count(tickets, sql`${tickets.fromEmail} = 'pat@fabrikam.org'`);
    expect(count).toBe(5);
  });
});
