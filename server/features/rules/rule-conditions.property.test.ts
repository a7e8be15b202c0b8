/**
 * The proof that a rule's two evaluations agree (docs/decisions/127-rules.md): when fast-check
 * generates conditions (every field and operator, `all` and `any`, negative ones among them) and a
 * context (who acted, SLA on or off, in or out of hours, a change), then the tickets `conditionsSql`
 * selects from PostgreSQL are exactly those `conditionsHold` accepts in memory, over tickets generated
 * with awkward values (no body, words inside words, upper case, accents, a field set to the wrong
 * type, messages each way or none).
 */
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleCondition, RuleConditions } from '@shared/contracts/rules';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { defaultBusinessHours } from '@shared/contracts/sla';
import { groups, ticketFields, ticketMessages, tickets, users } from '@shared/schema';
import type { OpenDatabase } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { conditionsHold, conditionsSql, type RuleContext, type TicketFacts } from './rule-conditions';
import { loadTicketFacts } from './rule-facts';

let database: OpenDatabase;
let facts: TicketFacts[];
let ticketIds: string[];
let userIds: string[];
let groupIds: string[];

const NOW = new Date('2026-11-25T14:00:00Z');
const HOUR = 3_600_000;
const TEXTS = [
  'VPN is down',
  'the-vpn broke',
  'vpns everywhere',
  'Printer jam',
  'café au lait',
  'CAFÉ',
  'straße',
  'a.b c',
  'nothing here',
  '',
];
const WORDS = ['vpn', 'printer', 'café', 'straße', 'a.b', 'down'];
const EMAILS = ['Jordan@Contoso.com', 'cfo@contoso.com', 'ann@fabrikam.org', 'x@sub.contoso.com'];
const FIELDS: TicketField[] = [
  {
    key: 'site',
    label: 'Site',
    type: 'dropdown',
    options: [],
    requiredToClose: false,
    active: true,
    position: 1,
  },
  {
    key: 'count',
    label: 'Count',
    type: 'number',
    options: [],
    requiredToClose: false,
    active: true,
    position: 2,
  },
  { key: 'due', label: 'Due', type: 'date', options: [], requiredToClose: false, active: true, position: 3 },
  {
    key: 'vip',
    label: 'VIP',
    type: 'checkbox',
    options: [],
    requiredToClose: false,
    active: true,
    position: 4,
  },
  {
    key: 'areas',
    label: 'Areas',
    type: 'multiselect',
    options: [],
    requiredToClose: false,
    active: true,
    position: 5,
  },
  {
    key: 'note',
    label: 'Note',
    type: 'text',
    options: [],
    requiredToClose: false,
    active: true,
    position: 6,
  },
  {
    key: 'gone',
    label: 'Gone',
    type: 'text',
    options: [],
    requiredToClose: false,
    active: false,
    position: 7,
  },
] as unknown as TicketField[];

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const maybeTime = fc.option(
  fc.integer({ min: -400, max: 10 }).map((hours) => new Date(NOW.getTime() + hours * HOUR)),
  {
    nil: null,
  },
);

/** A ticket's generated values, some deliberately of the wrong type for their field. */
const ticketArb = fc.record({
  status: pick(['open', 'in_progress', 'closed', 'closed_with_harvest']),
  priority: pick(['low', 'medium', 'high']),
  group: fc.integer({ min: -1, max: 1 }),
  assignee: fc.integer({ min: -1, max: 1 }),
  tags: fc.subarray(['vpn', 'network', 'resolved', 'printer']),
  customFields: fc.record(
    {
      site: pick(['berlin', 'paris', 5 as unknown as string]),
      count: pick([0, 3, 7.5, 'seven' as unknown as number]),
      due: pick(['2026-11-01', '2026-12-24']),
      vip: fc.boolean(),
      areas: fc.subarray(['net', 'mail', 'print']),
      note: pick(['Call back', 'CALL later', '']),
      gone: pick(['x']),
    },
    { requiredKeys: [] },
  ),
  subject: pick(TEXTS),
  body: pick(TEXTS),
  fromEmail: pick(EMAILS),
  emailed: fc.boolean(),
  createdHoursAgo: fc.integer({ min: 1, max: 500 }),
  updatedHoursAgo: fc.integer({ min: 0, max: 300 }),
  assignedAt: maybeTime,
  closedAt: maybeTime,
  sla: fc.record({
    firstDue: maybeTime,
    resolutionDue: maybeTime,
    next: maybeTime,
    firstMet: fc.option(fc.boolean(), { nil: null }),
    resolutionMet: fc.option(fc.boolean(), { nil: null }),
  }),
  inbound: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
  outbound: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
});

const idOrNone = () => pick([...userIds, 'none', 'current_user']);

function conditionArb(kind: 'trigger' | 'schedule'): fc.Arbitrary<RuleCondition> {
  const c = (field: string, op: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>) =>
    fc.record({ field: fc.constant(field), op, value });
  const fixed = [
    c('status', pick(['is', 'is_not']), pick(['open', 'in_progress', 'closed'])),
    c('priority', pick(['is', 'is_not']), pick(['low', 'medium', 'high'])),
    c('groupId', pick(['is', 'is_not']), pick([...groupIds, 'none'])),
    c('assignedTo', pick(['is', 'is_not']), idOrNone()),
    c(
      'tags',
      pick(['has_any', 'has_none']),
      fc.subarray(['vpn', 'network', 'resolved', 'printer'], { minLength: 1 }),
    ),
    c('subject', pick(['contains_words', 'not_contains_words']), fc.subarray(WORDS, { minLength: 1 })),
    c('body', pick(['contains_words', 'not_contains_words']), fc.subarray(WORDS, { minLength: 1 })),
    c('fromEmail', fc.constant('is'), pick(['jordan@contoso.com', 'CFO@contoso.com'])),
    c('fromEmail', fc.constant('domain_is'), pick(['contoso.com', 'FABRIKAM.org', 'sub.contoso.com'])),
    c('fromEmail', fc.constant('contains'), pick(['contoso', '@', 'ANN'])),
    c('channel', pick(['is', 'is_not']), pick(['email', 'web', 'portal'])),
    c('sla', pick(['is', 'is_not']), pick(['ok', 'warning', 'breached'])),
    c('businessHours', pick(['in', 'out']), fc.constant(null)),
    c('cf.site', pick(['is', 'is_not', 'is_set', 'is_not_set']), pick(['berlin', 'paris'])),
    c('cf.count', pick(['is', 'is_not', 'gt', 'lt', 'is_set']), pick([0, 3, 5, 7.5])),
    c('cf.due', pick(['is', 'gt', 'lt', 'is_not_set']), pick(['2026-11-01', '2026-12-01'])),
    c('cf.vip', fc.constant('is'), fc.boolean()),
    c(
      'cf.areas',
      pick(['has_any', 'has_none', 'is_set']),
      fc.subarray(['net', 'mail', 'print'], { minLength: 1 }),
    ),
    c('cf.note', pick(['is', 'contains', 'is_not_set']), pick(['call', 'Call back', ''])),
    c('cf.gone', pick(['is', 'is_not']), pick(['x'])),
  ];
  const forKind =
    kind === 'schedule'
      ? c(
          'hoursSince',
          pick(['gt', 'lt']),
          fc.record({
            since: pick(['created', 'updated', 'requester_replied', 'agent_replied', 'assigned', 'closed']),
            hours: fc.integer({ min: 1, max: 200 }),
            calendar: pick(['business', 'calendar']),
          }),
        )
      : c(
          'changed',
          fc.constant('changed'),
          fc.record(
            {
              field: pick(['status', 'priority', 'assignedTo', 'groupId', 'tags']),
              to: fc.option(pick(['closed', 'high', 'vpn', 'none']), { nil: undefined }),
            },
            { requiredKeys: ['field'] },
          ),
        );
  return fc.oneof(...fixed, forKind);
}

const conditionsArb = (kind: 'trigger' | 'schedule'): fc.Arbitrary<RuleConditions> =>
  fc.record({
    all: fc.array(conditionArb(kind), { maxLength: 3 }),
    any: fc.array(conditionArb(kind), { maxLength: 3 }),
  });

function contextArb(): fc.Arbitrary<RuleContext> {
  return fc
    .record({
      actor: fc.option(pick(userIds), { nil: null }),
      slaEnabled: fc.boolean(),
      inBusinessHours: fc.boolean(),
      change: fc.option(
        fc.record({
          status: fc.constant({ before: 'open', after: 'closed' } as const),
          tags: fc.constant({ before: ['network'], after: ['network', 'vpn'] }),
        }),
        { nil: undefined },
      ),
    })
    .map(({ actor, slaEnabled, inBusinessHours, change }) => ({
      now: NOW,
      actorId: actor,
      sla: { enabled: slaEnabled, warnBeforeMinutes: 120, now: NOW },
      calendar: defaultBusinessHours('Europe/Berlin'),
      inBusinessHours,
      fields: new Map(FIELDS.filter((field) => field.active).map((field) => [field.key, field])),
      change: change ? { ticketId: 'any', ...change } : undefined,
    }));
}

async function selectedBySql(conditions: RuleConditions, context: RuleContext): Promise<string[]> {
  const rows = await database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(sql`${inArray(tickets.id, ticketIds)} AND ${conditionsSql(conditions, context)}`);
  return rows.map((row) => row.id).sort();
}

const selectedInMemory = (conditions: RuleConditions, context: RuleContext) =>
  facts
    .filter((ticket) => conditionsHold(conditions, ticket, context))
    .map((ticket) => ticket.id)
    .sort();

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  userIds = (
    await db
      .insert(users)
      .values(
        [1, 2].map((n) => ({
          email: `agent${n}@example.com`,
          password: 'x',
          firstName: 'Agent',
          lastName: `${n}`,
        })),
      )
      .returning({ id: users.id })
  ).map((row) => row.id);
  groupIds = (
    await db
      .insert(groups)
      .values([{ name: 'Network' }, { name: 'Desk' }])
      .returning({ id: groups.id })
  ).map((row) => row.id);
  await db
    .insert(ticketFields)
    .values(FIELDS.map(({ key, label, type, active, position }) => ({ key, label, type, active, position })));
  const generated = fc.sample(ticketArb, { numRuns: 80, seed: 40 });
  ticketIds = [];
  for (const [n, ticket] of generated.entries()) {
    const [row] = await db
      .insert(tickets)
      .values({
        ticketNumber: `T-RULE-${n}`,
        subject: ticket.subject,
        body: ticket.body,
        bodyText: n % 7 === 0 ? null : ticket.body,
        fromEmail: ticket.fromEmail,
        fromName: 'Requester',
        status: ticket.status,
        priority: ticket.priority,
        groupId: ticket.group < 0 ? null : groupIds[ticket.group],
        assignedTo: ticket.assignee < 0 ? null : userIds[ticket.assignee],
        assignedAt: ticket.assignedAt,
        closedAt: ticket.closedAt,
        tags: ticket.tags,
        customFields: { ...ticket.customFields },
        originalEmailDate: ticket.emailed ? NOW : null,
        createdAt: new Date(NOW.getTime() - ticket.createdHoursAgo * HOUR),
        updatedAt: new Date(NOW.getTime() - ticket.updatedHoursAgo * HOUR),
        slaFirstResponseDueAt: ticket.sla.firstDue,
        slaResolutionDueAt: ticket.sla.resolutionDue,
        slaNextDueAt: ticket.sla.next,
        slaFirstResponseMet: ticket.sla.firstMet,
        slaResolutionMet: ticket.sla.resolutionMet,
      })
      .returning({ id: tickets.id });
    ticketIds.push(row!.id);
    for (const [direction, hoursAgo] of [
      ['inbound', ticket.inbound],
      ['outbound', ticket.outbound],
    ] as const) {
      if (hoursAgo === null) continue;
      await db.insert(ticketMessages).values({
        ticketId: row!.id,
        direction,
        fromName: 'Someone',
        fromEmail: 'someone@example.com',
        toEmail: 'help@example.com',
        subject: 'Re',
        body: 'Text',
        status: direction === 'inbound' ? 'received' : 'sent',
        createdAt: new Date(NOW.getTime() - hoursAgo * HOUR),
      });
    }
  }
  facts = await loadTicketFacts(db, ticketIds);
});
afterAll(() => database.close());

describe('rule conditions: SQL and memory agree', () => {
  it('when the facts are loaded, then every generated ticket is there', () => {
    expect(facts).toHaveLength(ticketIds.length);
  });

  for (const kind of ['schedule', 'trigger'] as const) {
    it(`when ${kind} conditions are generated, then the tickets SQL selects are those memory accepts`, async () => {
      await fc.assert(
        fc.asyncProperty(conditionsArb(kind), contextArb(), async (conditions, context) => {
          expect(await selectedBySql(conditions, context)).toEqual(selectedInMemory(conditions, context));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('when `any` holds only negative conditions, then it does not match every ticket', async () => {
    const context = fc.sample(contextArb(), { numRuns: 1, seed: 1 })[0]!;
    const conditions: RuleConditions = {
      all: [],
      any: [
        { field: 'subject', op: 'not_contains_words', value: ['vpn'] },
        { field: 'body', op: 'not_contains_words', value: ['vpn'] },
      ],
    };
    const matched = await selectedBySql(conditions, context);
    const withVpnInBoth = facts.filter(
      (ticket) =>
        /(^|[^a-z0-9_])vpn($|[^a-z0-9_])/i.test(ticket.subject) &&
        /(^|[^a-z0-9_])vpn($|[^a-z0-9_])/i.test(ticket.bodyText),
    );
    expect(withVpnInBoth.length).toBeGreaterThan(0);
    expect(matched).toHaveLength(ticketIds.length - withVpnInBoth.length);
  });
});
