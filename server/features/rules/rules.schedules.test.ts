/**
 * Schedules (issue 40). When a schedule runs, then it acts on each ticket once per time the ticket
 * comes to match ("remind after 48 h without an update" reminds once per silence, not every run), at
 * most its cap per run with the rest next run, walking the table in windows from where it stopped;
 * and two app processes running schedules at once act on each ticket once.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_RULE_NAMES, type Rule, type RuleInput, type RuleRun } from '@shared/contracts/rules';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { notifications, ruleRuns } from '@shared/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { createTokenCipher } from '../../lib/token-cipher';
import {
  createTestApp,
  openSecondApp,
  signedInAdminAndAgent,
  type SignedInUser,
  type TestApp,
} from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';
import { startRules, ruleActionDeps } from './rules.runtime';
import { runSchedules } from './rule-schedules.job';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;
const cipher = createTokenCipher(crypto.randomBytes(32));
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ RULES_SCHEDULE_MINUTES: '0.02' });
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
});
afterAll(() => t.close());

const deps = () => ruleActionDeps({ db: t.database.db, jobs: t.jobs, config: t.config, cipher });

async function onlyThis(input: RuleInput): Promise<Rule> {
  const listed = (await admin.agent.get('/api/rules').expect(200)).body.rules as Rule[];
  for (const rule of listed.filter((each) => each.active)) {
    await admin.agent
      .put(`/api/rules/${rule.id}`)
      .send({ ...rule, active: false })
      .expect(200);
  }
  return (await admin.agent.post('/api/rules').send(input).expect(201)).body.rule as Rule;
}

/** Tickets tagged `tag`, assigned to the agent, last updated `hoursAgo` hours ago. */
async function silentTickets(tag: string, count: number, hoursAgo: number): Promise<Ticket[]> {
  const made: Ticket[] = [];
  for (let i = 0; i < count; i++) {
    const ticket = await createTicket(admin.agent, { tags: [tag], assignedTo: agent.user.id });
    await setTicketColumns(t.database.db, ticket.id, { updatedAt: new Date(Date.now() - hoursAgo * HOUR) });
    made.push(ticket);
  }
  return made;
}

const remind = (tag: string): RuleInput => ({
  name: `Remind ${tag}`,
  kind: 'schedule',
  conditions: {
    all: [
      { field: 'tags', op: 'has_any', value: [tag] },
      { field: 'hoursSince', op: 'gt', value: { since: 'updated', hours: 48, calendar: 'calendar' } },
    ],
    any: [],
  },
  actions: [{ kind: 'notify', to: 'assignee' }],
});

const runsOf = async (ruleId: string) =>
  (await admin.agent.get(`/api/rules/${ruleId}/runs?limit=50`).expect(200)).body.runs as RuleRun[];

describe('schedules: once per episode, capped, in windows', () => {
  it('when a schedule runs again and again, then each silence is reminded once, four a run at most', async () => {
    await silentTickets('remind', 6, 50);
    const [fresh] = await silentTickets('remind', 1, 1);
    const rule = await onlyThis(remind('remind'));
    const run = () => runSchedules(t.database.db, deps(), { maxTicketsPerRun: 4, window: 3 });

    expect(await run()).toEqual([{ ruleId: rule.id, acted: 4, capped: true }]);
    expect(await runsOf(rule.id)).toHaveLength(4);
    expect(await run()).toEqual([{ ruleId: rule.id, acted: 2, capped: false }]);
    expect(await runsOf(rule.id)).toHaveLength(6);
    await run();
    expect(await runsOf(rule.id)).toHaveLength(6);

    // The fresh ticket falls silent: a new episode. A silent one is touched, then falls silent again.
    await setTicketColumns(t.database.db, fresh!.id, { updatedAt: new Date(Date.now() - 49 * HOUR) });
    const [touched] = (await runsOf(rule.id)).map((each) => each.ticketId);
    await setTicketColumns(t.database.db, touched!, { updatedAt: new Date() });
    await run();
    await setTicketColumns(t.database.db, touched!, { updatedAt: new Date(Date.now() - 49 * HOUR) });
    await run();
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(8);
    expect(runs.filter((each) => each.ticketId === touched)).toHaveLength(2);
    expect(
      runs.every((each) => each.event === 'schedule' && each.actions[0]!.detail === 'Notified 1 user'),
    ).toBe(true);
    const notices = await t.database.db.$count(
      notifications,
      sql`${notifications.userId} = ${agent.user.id} AND ${notifications.kind} = 'rule'`,
    );
    expect(notices).toBe(8);
  });

  it('when the shipped "close after 7 days" example is switched on, then silent resolved tickets close as the rule', async () => {
    const example = ((await admin.agent.get('/api/rules').expect(200)).body.rules as Rule[]).find(
      (rule) => rule.name === EXAMPLE_RULE_NAMES[2],
    )!;
    const [old] = await silentTickets('resolved', 1, 8 * 24);
    const [recent] = await silentTickets('resolved', 1, 6 * 24);
    await onlyThis({ ...example, name: example.name, active: true });
    await runSchedules(t.database.db, deps(), { maxTicketsPerRun: 100 });
    const status = async (id: string) =>
      ((await admin.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket).status;
    expect(await status(old!.id)).toBe('closed');
    expect(await status(recent!.id)).toBe('open');
    const events = (await admin.agent.get(`/api/tickets/${old!.id}/activity`).expect(200)).body
      .events as TicketEvent[];
    expect(events.find((event) => event.kind === 'closed')).toMatchObject({
      ruleName: EXAMPLE_RULE_NAMES[2],
    });
  });
});

describe('schedules: several processes', () => {
  it('when two app processes run schedules on their own job runners, then each ticket is acted on once', async () => {
    const tickets = await silentTickets('twice', 30, 72);
    const rule = await onlyThis(remind('twice'));
    const second = await openSecondApp(t);
    const secondJobs = createJobRunner(second.database.pool);
    try {
      const options = { maxTicketsPerRun: 7 };
      await startRules({ db: t.database.db, jobs: t.jobs, config: t.config, cipher });
      await startRules({ db: second.database.db, jobs: secondJobs, config: t.config, cipher });
      // Both offer a run every 1.2 s; also run the schedules directly from both at once, twice.
      await Promise.all([
        runSchedules(t.database.db, deps(), options),
        runSchedules(second.database.db, deps(), options),
      ]);
      const until = Date.now() + 20_000;
      while ((await runsOf(rule.id)).length < tickets.length && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const runs = await t.database.db
        .select({ ticketId: ruleRuns.ticketId, count: sql<number>`count(*)::int` })
        .from(ruleRuns)
        .where(eq(ruleRuns.ruleId, rule.id))
        .groupBy(ruleRuns.ticketId);
      expect(runs).toHaveLength(tickets.length);
      expect(runs.every((each) => each.count === 1)).toBe(true);
    } finally {
      await secondJobs.stop();
      await second.stop();
    }
  });
});
