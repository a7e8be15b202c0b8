/**
 * Settings → Rules' API (issue 40): admins define rules, agents get 403; every condition and action
 * is checked when saved, a 400 naming its place; the order is a whole; the preview counts what
 * matches now, against a hand count; a rule whose user or field is deactivated since needs attention
 * and is otherwise unchanged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_RULE_NAMES, type Rule, type RuleInput } from '@shared/contracts/rules';
import { cannedResponses, ticketFields, users } from '@shared/schema';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
});
afterAll(() => t.close());

const trigger = (overrides: Partial<RuleInput> = {}): RuleInput => ({
  name: 'VPN to high',
  kind: 'trigger',
  events: ['ticket_created'],
  conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['vpn'] }], any: [] },
  actions: [{ kind: 'set_priority', value: 'high' }],
  ...overrides,
});

async function create(input: RuleInput): Promise<Rule> {
  const res = await admin.agent.post('/api/rules').send(input).expect(201);
  return res.body.rule as Rule;
}

describe('rules: who may', () => {
  it('when an agent asks for the rules or writes one, then 403', async () => {
    await agent.agent.get('/api/rules').expect(403);
    await agent.agent.post('/api/rules').send(trigger()).expect(403);
    await agent.agent.post('/api/rules/preview').send({ kind: 'trigger' }).expect(403);
  });

  it('when an admin first lists rules, then the three examples are there, inactive', async () => {
    const res = await admin.agent.get('/api/rules').expect(200);
    const examples = (res.body.rules as Rule[]).filter((rule) =>
      (EXAMPLE_RULE_NAMES as readonly string[]).includes(rule.name),
    );
    expect(examples.map((rule) => rule.name).sort()).toEqual([...EXAMPLE_RULE_NAMES].sort());
    expect(examples.every((rule) => !rule.active && rule.needsAttention.length === 0)).toBe(true);
  });
});

describe('rules: saving', () => {
  it('when a rule is created, updated and deleted, then each answer is the rule as stored', async () => {
    const rule = await create(trigger());
    expect(rule).toMatchObject({ name: 'VPN to high', active: true, kind: 'trigger', needsAttention: [] });
    const updated = await admin.agent
      .put(`/api/rules/${rule.id}`)
      .send(trigger({ name: 'VPN to high (2)', active: false }))
      .expect(200);
    expect(updated.body.rule).toMatchObject({ id: rule.id, name: 'VPN to high (2)', active: false });
    await admin.agent.delete(`/api/rules/${rule.id}`).expect(204);
    await admin.agent.delete(`/api/rules/${rule.id}`).expect(404);
  });

  it('when conditions and actions are wrong, then the 400 names each place', async () => {
    const res = await admin.agent
      .post('/api/rules')
      .send(
        trigger({
          conditions: {
            all: [
              { field: 'status', op: 'is', value: 'open' },
              { field: 'colour', op: 'is', value: 'red' },
              { field: 'priority', op: 'is', value: 'urgent' },
              { field: 'assignedTo', op: 'is', value: '00000000-0000-4000-8000-000000000000' },
              { field: 'hoursSince', op: 'gt', value: { since: 'updated', hours: 2, calendar: 'calendar' } },
            ],
            any: [
              { field: 'tags', op: 'has_any', value: ['never-used'] },
              { field: 'cf.nope', op: 'is', value: 1 },
            ],
          },
          actions: [
            { kind: 'reply', value: '00000000-0000-4000-8000-000000000000' },
            { kind: 'set_group', value: '00000000-0000-4000-8000-000000000000' },
            { kind: 'add_note', value: 'Hello {{ticket.colour}}' },
          ],
        }),
      )
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(
      [
        'actions[0].value',
        'actions[1].value',
        'actions[2].value',
        'conditions.all[1].field',
        'conditions.all[2].value',
        'conditions.all[3].value',
        'conditions.all[4].field',
        'conditions.any[0].value[0]',
        'conditions.any[1].field',
      ].sort(),
    );
    expect(res.body.fieldErrors['conditions.all[2].value']).toEqual(['Must be one of low, medium, high']);
  });

  it('when the shape is wrong, then the 400 names the place in the same form', async () => {
    const res = await admin.agent
      .post('/api/rules')
      .send({ ...trigger(), actions: [{ kind: 'set_priority', value: 'high' }, { kind: 'explode' }] })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['actions[1].kind']);
    const noEvents = await admin.agent
      .post('/api/rules')
      .send(trigger({ events: [] }))
      .expect(400);
    expect(noEvents.body.fieldErrors).toEqual({ events: ['A trigger needs at least one event'] });
  });

  it('when a tag no ticket has is tested, then it saves only if a rule adds it', async () => {
    await create(
      trigger({
        name: 'Tag VPN mail',
        actions: [{ kind: 'add_tags', value: ['vpn-new'] }],
      }),
    );
    await create(
      trigger({
        name: 'Tagged VPN to network',
        conditions: { all: [{ field: 'tags', op: 'has_any', value: ['vpn-new'] }], any: [] },
      }),
    );
  });
});

describe('rules: order', () => {
  it('when the order is given whole, then positions follow it; a partial order is a 400', async () => {
    const before = (await admin.agent.get('/api/rules').expect(200)).body.rules as Rule[];
    const reversed = before.map((rule) => rule.id).reverse();
    const res = await admin.agent.put('/api/rules/order').send({ ids: reversed }).expect(200);
    expect((res.body.rules as Rule[]).map((rule) => rule.id)).toEqual(reversed);
    const partial = await admin.agent
      .put('/api/rules/order')
      .send({ ids: reversed.slice(1) })
      .expect(400);
    expect(partial.body.fieldErrors).toEqual({ ids: ['Give every rule exactly once'] });
  });
});

describe('rules: preview', () => {
  it('when conditions are previewed, then the count and sample are those of a hand count', async () => {
    const marker = `preview${Date.now()}`;
    const made = [
      await createTicket(admin.agent, { subject: `${marker} VPN down`, priority: 'high' }),
      await createTicket(admin.agent, { subject: `${marker} vpn slow`, priority: 'low' }),
      await createTicket(admin.agent, { subject: `${marker} printer`, priority: 'high' }),
      await createTicket(admin.agent, { subject: `${marker} VPNs`, priority: 'high' }),
    ];
    const closed = await createTicket(admin.agent, { subject: `${marker} vpn closed`, priority: 'high' });
    await admin.agent.put(`/api/tickets/${closed.id}`).send({ status: 'closed' }).expect(200);
    const res = await admin.agent
      .post('/api/rules/preview')
      .send({
        kind: 'trigger',
        conditions: {
          all: [{ field: 'subject', op: 'contains_words', value: [marker] }],
          any: [
            { field: 'subject', op: 'contains_words', value: ['vpn'] },
            { field: 'priority', op: 'is', value: 'high' },
          ],
        },
      })
      .expect(200);
    // VPN down (both), vpn slow (words), printer (high); not "VPNs" (high: yes, so it counts), not closed.
    const expected = [made[0]!, made[1]!, made[2]!, made[3]!].map((ticket) => ticket.id).sort();
    expect(res.body.matching).toBe(4);
    expect(res.body.sample.map((ticket: { id: string }) => ticket.id).sort()).toEqual(expected);
    const negative = await admin.agent
      .post('/api/rules/preview')
      .send({
        kind: 'trigger',
        conditions: {
          all: [{ field: 'subject', op: 'contains_words', value: [marker] }],
          any: [
            { field: 'subject', op: 'not_contains_words', value: ['vpn'] },
            { field: 'priority', op: 'is_not', value: 'high' },
          ],
        },
      })
      .expect(200);
    // printer (no vpn), VPNs (no whole word vpn), vpn slow (low); not VPN down (vpn and high).
    expect(negative.body.matching).toBe(3);
  });

  it('when the preview names an unknown field, then 400 at its place', async () => {
    const res = await admin.agent
      .post('/api/rules/preview')
      .send({
        kind: 'schedule',
        conditions: { all: [], any: [{ field: 'changed', op: 'changed', value: { field: 'status' } }] },
      })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['conditions.any[0].field']);
  });
});

describe('rules: needs attention', () => {
  it('when a user, a field, a canned response and a group are gone since, then the rule says so and is unchanged', async () => {
    const { db } = t.database;
    await db.insert(ticketFields).values({ key: 'site', label: 'Site', type: 'text', position: 1 });
    const [response] = await db
      .insert(cannedResponses)
      .values({ name: 'We got it', body: 'Hello {{requester.firstName}}', scope: 'team' })
      .returning();
    const group = (await admin.agent.post('/api/groups').send({ name: 'Short-lived' }).expect(201)).body
      .group;
    const rule = await create(
      trigger({
        name: 'Attention',
        conditions: { all: [{ field: 'assignedTo', op: 'is', value: agent.user.id }], any: [] },
        actions: [
          { kind: 'set_field', key: 'site', value: 'Berlin' },
          { kind: 'reply', value: response!.id },
          { kind: 'set_group', value: group.id },
        ],
      }),
    );
    expect(rule.needsAttention).toEqual([]);
    await db.update(users).set({ active: false }).where(eq(users.id, agent.user.id));
    await db.update(ticketFields).set({ active: false }).where(eq(ticketFields.key, 'site'));
    await db.delete(cannedResponses).where(eq(cannedResponses.id, response!.id));
    await admin.agent.delete(`/api/groups/${group.id}`).expect(204);
    const listed = ((await admin.agent.get('/api/rules').expect(200)).body.rules as Rule[]).find(
      (each) => each.id === rule.id,
    )!;
    expect(listed.needsAttention).toEqual([
      { path: 'conditions.all[0].value', message: 'This user has been deactivated' },
      { path: 'actions[0].key', message: 'This custom field has been deactivated' },
      { path: 'actions[1].value', message: 'No team canned response has this id' },
      { path: 'actions[2].value', message: 'No group has this id' },
    ]);
    expect(listed.conditions).toEqual(rule.conditions);
    expect(listed.actions).toEqual(rule.actions);
    // It can still be switched off or renamed; a new problem is refused all the same.
    await admin.agent
      .put(`/api/rules/${rule.id}`)
      .send({ ...listed, active: false, name: 'Attention (off)' })
      .expect(200);
    const worse = await admin.agent
      .put(`/api/rules/${rule.id}`)
      .send({
        ...listed,
        actions: [...listed.actions, { kind: 'set_group', value: '00000000-0000-4000-8000-000000000000' }],
      })
      .expect(400);
    expect(Object.keys(worse.body.fieldErrors)).toEqual(['actions[3].value']);
    await db.update(users).set({ active: true }).where(eq(users.id, agent.user.id));
  });
});

describe('rules: the preview and what is gone', () => {
  it('when the conditions name a group that is gone, then the preview counts nothing for it; a non-id is a 400', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const res = await admin.agent
      .post('/api/rules/preview')
      .send({ kind: 'trigger', conditions: { all: [{ field: 'groupId', op: 'is', value: gone }], any: [] } })
      .expect(200);
    expect(res.body).toEqual({ matching: 0, sample: [] });
    const bad = await admin.agent
      .post('/api/rules/preview')
      .send({
        kind: 'trigger',
        conditions: { all: [{ field: 'assignedTo', op: 'is', value: 'bob' }], any: [] },
      })
      .expect(400);
    expect(bad.body.fieldErrors).toEqual({ 'conditions.all[0].value': ['Must be an id'] });
  });
});

describe('rules: the preview past its sample', () => {
  it('when more tickets match than the sample shows, then the count is all of them and the sample the newest ten', async () => {
    const marker = `many${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await createTicket(admin.agent, { subject: `${marker} ${i}` })).id);
    const res = await admin.agent
      .post('/api/rules/preview')
      .send({
        kind: 'trigger',
        conditions: { all: [{ field: 'subject', op: 'contains_words', value: [marker] }], any: [] },
      })
      .expect(200);
    expect(res.body.matching).toBe(12);
    expect(res.body.sample.map((ticket: { id: string }) => ticket.id)).toEqual(made.slice(2).reverse());
  });
});
