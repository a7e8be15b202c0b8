import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListItem } from '@shared/contracts/tickets';
import { tickets } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { backfillSearchText } from './search-text-backfill';
import { ticketSearchCondition } from './ticket-list.query';
import { parseTicketSearch } from './ticket-search';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

/** Tickets one day apart (A oldest), each with its own words. */
const FIXTURES = {
  A: {
    ticketNumber: 'T-1001',
    subject: 'Printer jam on floor three',
    body: 'Paper stuck in tray two',
    fromName: 'Jordan Lee',
    fromEmail: 'jordan.lee@contoso.com',
    status: 'open',
  },
  B: {
    ticketNumber: 'T-1002',
    subject: 'VPN drops',
    body:
      '<html><head><style>.quokka { color: red }</style></head><body><p class="zeppelin">Tunnel resets ' +
      'every ten minutes.</p><p>See the <b>help page</b>.</p></body></html>',
    fromName: 'Maria Garcia',
    fromEmail: 'maria.garcia@fabrikam.com',
    status: 'in_progress',
  },
  C: {
    ticketNumber: 'T-1003',
    subject: 'Printers in the lobby',
    body: 'The printer prints blank pages',
    fromName: 'Chris Baker',
    fromEmail: 'chris.baker@contoso.com',
    status: 'open',
  },
  D: {
    ticketNumber: 'T-1004',
    subject: 'Laptop battery',
    body: 'Needs a new battery; not a printer problem',
    fromName: 'Dana White',
    fromEmail: 'dana.white@example.org',
    status: 'closed',
  },
  F: {
    ticketNumber: 'T-1006',
    subject: '"><svg onload=alert(1)> Error <timeout> at <node-3>',
    body: 'Plain text with a <literal> tag-like word',
    fromName: 'Fay <Ops>',
    fromEmail: 'fay@example.net',
    status: 'in_progress',
  },
  E: {
    ticketNumber: 'T-1700000000005',
    subject: 'Keyboard',
    body: 'Driver path is C:\\drivers\\kbd, load_avg at 100% since the e-mail update',
    fromName: 'Evan Brooks',
    fromEmail: 'evan.brooks@northwind.com',
    status: 'open',
  },
} as const;
type Key = keyof typeof FIXTURES;
const ids = {} as Record<Key, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedInAgent(t.app));
  let day = 1;
  for (const [key, { status, ...fields }] of Object.entries(FIXTURES) as [Key, (typeof FIXTURES)[Key]][]) {
    const ticket = await createTicket(agent, fields);
    ids[key] = ticket.id;
    await setTicketColumns(t.database.db, ticket.id, {
      status,
      createdAt: new Date(`2026-03-0${day++}T12:00:00Z`),
      closedAt: status === 'closed' ? new Date('2026-03-09T12:00:00Z') : null,
    });
  }
});
afterAll(() => t.close());

/** The fixture keys of the tickets a search lists, newest first as the API orders them. */
async function found(search: string, filters: Record<string, string> = {}): Promise<Key[]> {
  const res = await agent
    .get('/api/tickets')
    .query({ search, ...filters })
    .expect(200);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key as Key]));
  const keys = (res.body.tickets as TicketListItem[]).map((ticket) => byId.get(ticket.id)!);
  expect(res.body.total).toBe(keys.length);
  return keys;
}

describe('GET /api/tickets?search= finds words, not substrings', () => {
  it.each([
    ['a word of the subject, in any letter case', 'vpn', ['B']],
    ['a word of the body', 'tunnel', ['B']],
    ['every word given, wherever each is', 'printer stuck', ['A']],
    ['the sender name', 'EVAN', ['E']],
    ['the sender name, both words', 'jordan lee', ['A']],
    ['the sender address exactly', 'maria.garcia@fabrikam.com', ['B']],
    ['the sender address in another letter case', 'Jordan.Lee@Contoso.com', ['A']],
    ["the sender's domain", 'contoso.com', ['C', 'A']],
    ['a word inside a longer one only as its beginning', 'rinter', []],
    ['nothing that exists', 'zebra', []],
  ])('%s (%s)', async (_case, search, expected) => {
    expect(await found(search)).toEqual(expected);
  });

  it('the last word matches as a prefix while it is typed ("prin" finds printer, printers, prints)', async () => {
    expect(await found('prin')).toEqual(['D', 'C', 'A']);
    expect(await found('paper sta')).toEqual([]);
    expect(await found('paper stu')).toEqual(['A']);
  });

  it('only the last word is a prefix: an earlier one must be a whole word', async () => {
    expect(await found('prin jam')).toEqual([]);
    expect(await found('printer jam')).toEqual(['A']);
  });

  it('"quoted words" must occur together and in that order', async () => {
    expect(await found('"paper stuck"')).toEqual(['A']);
    expect(await found('"stuck paper"')).toEqual([]);
    expect(await found('"blank pages" printer')).toEqual(['C']);
  });

  it('-word and -"quoted words" leave out the tickets holding them', async () => {
    expect(await found('printer -battery')).toEqual(['C', 'A']);
    expect(await found('printer -"blank pages"')).toEqual(['D', 'A']);
  });

  it('a ticket number finds its ticket, with or without T-', async () => {
    expect(await found('T-1003')).toEqual(['C']);
    expect(await found('t-1003')).toEqual(['C']);
    expect(await found('1700000000005')).toEqual(['E']);
  });

  it('a word only in the HTML of a body (an attribute, a style) is not found; its shown text is', async () => {
    expect(await found('zeppelin')).toEqual([]);
    expect(await found('quokka')).toEqual([]);
    expect(await found('"help page"')).toEqual(['B']);
  });

  it('words between < and > in plain text are words, not tags, in the ticket and in the search', async () => {
    expect(await found('timeout')).toEqual(['F']);
    expect(await found('<timeout>')).toEqual(['F']);
    expect(await found('node-3')).toEqual(['F']);
    expect(await found('literal')).toEqual(['F']);
    expect(await found('ops')).toEqual(['F']);
    expect(await found('svg onload')).toEqual(['F']);
  });

  it('punctuation inside words is matched as the text was split (paths, underscores, hyphens, %)', async () => {
    expect(await found('load_avg')).toEqual(['E']);
    expect(await found('C:\\drivers\\kbd')).toEqual(['E']);
    expect(await found('e-mail')).toEqual(['E']);
    expect(await found('100%')).toEqual(['E']);
  });

  it.each([["it's"], ['(x|y) & !z'], ['+++'], ['"'], ["'"], ['\\'], [':*'], ['-'], ['<->']])(
    'query syntax typed by a user (%s) is taken as text, never an error',
    async (search) => {
      await agent.get('/api/tickets').query({ search }).expect(200);
    },
  );

  it('combines with every filter of the list', async () => {
    expect(await found('printer', { status: 'open' })).toEqual(['C', 'A']);
    expect(await found('contoso.com', { status: 'open,in_progress', priority: 'medium' })).toEqual([
      'C',
      'A',
    ]);
    expect(await found('printer', { created_after: '2026-03-03', created_before: '2026-03-04' })).toEqual([
      'D',
      'C',
    ]);
    expect(await found('printer', { closed_after: '2026-03-01' })).toEqual(['D']);
    expect(await found('printer', { assignment_status: 'assigned' })).toEqual([]);
  });
});

describe('parseTicketSearch', () => {
  it('quotes every word, joins them with AND and makes the last one a prefix', () => {
    expect(parseTicketSearch('paper jam')).toEqual({ query: "'paper' & 'jam':*" });
  });

  it('keeps phrases and exclusions, and a last word of one letter whole', () => {
    expect(parseTicketSearch('-toner "paper jam" x')).toEqual({ query: "!'toner' & 'paper jam' & 'x'" });
  });

  it("doubles quotes and backslashes, the query syntax's escapes", () => {
    expect(parseTicketSearch("it's C:\\x")).toEqual({ query: "'it''s' & 'C:\\\\x'" });
  });

  it('makes a prefix only of a plain last word: an address, a path or a number with T- is whole', () => {
    expect(parseTicketSearch('jo@example.com').query).toBe("'jo@example.com'");
    expect(parseTicketSearch('T-1700').query).toBe("'T-1700'");
    expect(parseTicketSearch('1700').query).toBe("'1700':*");
    expect(parseTicketSearch('Müller').query).toBe("'Müller':*");
  });

  it('names the ticket number of a term that is one', () => {
    expect(parseTicketSearch(' T-42 ')).toMatchObject({ ticketNumber: 'T-42' });
    expect(parseTicketSearch('42')).toMatchObject({ ticketNumber: 'T-42' });
    expect(parseTicketSearch('T-42 printer')).not.toHaveProperty('ticketNumber');
  });
});

describe('the word index', () => {
  it('serves the search when the planner may choose', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM tickets WHERE ${ticketSearchCondition(parseTicketSearch('printer jam'))}`,
      );
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('tickets_search_vector_idx');
  });
});

describe('tickets stored before word search', () => {
  it('are searched by their raw body until their text is worked out, then by their text', async () => {
    const legacy = await createTicket(agent, {
      subject: 'Legacy mail',
      body: 'CAUTION: ocelot gateway banner [EXTERNAL] Scanner offline',
    });
    // As migration 0014 leaves a ticket stored before it: no body text yet, pending.
    await setTicketColumns(t.database.db, legacy.id, { bodyText: null, searchTextPending: true });
    const search = (word: string) => agent.get('/api/tickets').query({ search: word });

    expect((await search('ocelot')).body.total).toBe(1);
    expect(await backfillSearchText(t.database.db, { shouldStop: () => false })).toBe(1);

    expect((await search('ocelot')).body.total).toBe(0);
    expect((await search('scanner')).body.tickets.map((row: TicketListItem) => row.id)).toEqual([legacy.id]);
    const [row] = await t.database.db
      .select({ bodyText: tickets.bodyText, pending: tickets.searchTextPending })
      .from(tickets)
      .where(eq(tickets.id, legacy.id));
    expect(row).toEqual({ bodyText: 'Scanner offline', pending: false });
    expect(await backfillSearchText(t.database.db, { shouldStop: () => false })).toBe(0);
  });
});
