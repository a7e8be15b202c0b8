/**
 * Ticket API benchmark: seeds a scratch PostgreSQL database with a large help desk (1,000,000 tickets by
 * default, bench/lib/ticket-seed.ts), starts the app as a child process in production mode, and
 * measures, at 1 and 32 concurrent keep-alive connections, the polled reads of the SPA:
 *
 *   list           GET /api/tickets, the default view (status open + in progress, page 1, 20 a page)
 *   search-rare    the default view searching a word found in about 50 of the million tickets
 *   search-common  the default view searching a word found in about one ticket in five
 *   search-two     two common words, both required ("paper jam": about one ticket in fifty)
 *   search-two-varied  two common words, a different pair on every request (32 agents each searching
 *                  something else: no count is remembered, CAPPED_TOTAL_REUSE_SECONDS); api and sql
 *                  modes only, the sql mode replays "paper jam" counted afresh
 *   search-prefix  a word being typed ("prin": printer, printers, …, about one ticket in five)
 *   search-sender  a requester's address (about one ticket in eight thousand)
 *   search-number  a ticket number (one ticket, in the middle of the table)
 *   filtered       status open, priority high, assigned, created in the last 90 days
 *   sort-*         the default view sorted (issue 26), each sort in its first direction (a header's
 *                  first click): sort-updated, sort-reply (last customer reply), sort-priority,
 *                  sort-status, sort-number, sort-subject, sort-assignee; sort-priority-search is the
 *                  common word sorted by priority, sort-assignee-filtered the `filtered` case by assignee
 *   sla-breached   the default view's tickets whose SLA is breached (issue 24; the seed turns SLA on)
 *   sort-due       the default view by the SLA's next due time, most urgent first
 *   list-open      the spec's status=open list: what issue 38's filters are measured against
 *   cf-category    a dropdown custom field's value (issue 38): cf.category=network, a twelfth of them
 *   tags-vip       a tag carried by about 3,300 tickets: tags=vip
 *   tags-cf-open   both, with status=open
 *   field-report   GET /api/reports/fields/category over the last 30 days (about 41,000 of a million
 *                  tickets): the report by field (issue 38)
 *   save-fields    PUT /api/tickets/{id} with five custom field values, each request a real change
 *                  (api mode only: its "database" CPU per request is the save's PostgreSQL time)
 *   save-field     the same save with one value: the save's own floor, so the five values' share shows
 *   list-outsider  the default view as an agent who is in no group (issue 39): the private group's
 *                  tickets are left out of the page and its total (every other case asks as the admin)
 *   group          the default view of one group: group=<Service Desk>
 *   create-*       POST /api/tickets into a manual group (create-manual; create-assigned with an
 *                  assignee given), a round-robin one and a least-open one (issue 39, api mode only):
 *                  side by side, what choosing a member costs a creation
 *   dashboard      GET /api/dashboard/stats (dashboard-outsider: as the agent in no group)
 *   team           GET /api/users/ticket-counts (the dashboard's Team Status panel; team-outsider: as
 *                  the agent in no group)
 *   portal-list    GET /api/portal/tickets?status=open as a requester (issue 41): the newest open
 *                  ticket's requester, about one ticket in 5,000 of the table (their own session cookie)
 *   portal-closed  the same requester's Closed tab, page 2: the tab most of their tickets are in
 *   portal-ticket  GET /api/portal/tickets/{id}: that requester's newest ticket and its conversation
 *   list-token     the `list` case with an API token per connection instead of a session cookie
 *                  (issue 43; api and sql modes): the token's lookup (kept in memory like a session)
 *                  and its count per minute in PostgreSQL (the rate limit), against the session's
 *   whoami-token   whoami with an API token: the token's own floor beside the session's
 *   whoami         GET /api/auth/user: only what every authenticated request pays (its session, kept
 *                  in memory after its first read: docs/decisions/100-session-cache.md), the floor under every other case
 *   healthz        GET /healthz: an answer without a session or a statement, the HTTP floor (Node's
 *                  server, the request log, helmet, compression) under whoami
 *
 * Each case runs in four modes: `api` (full answers, no ETag), `api-304` (If-None-Match with the
 * current ETag: the 304 path), `api-poll` (as the SPA's background refetch sends it: the ETag and
 * `Cache-Control: max-age=1`, which the poll cache may answer; server/middleware/poll-cache.ts) and
 * `sql` (the statements the service ran for that request, captured through drizzle's logger and
 * replayed through `pg` as named prepared statements on a pool as large as the app's, so the HTTP
 * layer's share is visible; the session is read once and then kept in memory, so it is not among
 * them, and whoami and healthz have no sql mode). Every connection has a session of its own, as
 * 32 agents would. Each row also says how much CPU a request cost the app, PostgreSQL and the load
 * generator over the measured window, which queueing does not skew.
 *
 *   npm run bench -- tickets
 *
 * Settings: DATABASE_URL (a loopback database whose name contains "bench"; created and dropped;
 * default helpdesk_bench_tickets), BENCH_TICKETS (1000000), BENCH_AGENTS (100), BENCH_SECONDS (10 per
 * case), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (1,32), DB_POOL_SIZE (the app's pool, 16),
 * BENCH_CASES / BENCH_MODES (comma-separated subsets), BENCH_EXPLAIN=1 (print EXPLAIN ANALYZE of every
 * statement), BENCH_KEEP_DATABASE=1 (keep the seeded database and reuse it next time),
 * BENCH_PROFILE_DIR (write a CPU profile of the app there, to open in Chrome's DevTools).
 */
import http from 'node:http';
import pg from 'pg';
import {
  DEFAULT_LIST_STATUSES,
  DEFAULT_PAGE_SIZE,
  POLL_CACHE_MAX_AGE_SECONDS,
  TICKET_SORT_META,
  type TicketSort,
} from '@shared/constants';
import { ticketListQuerySchema, toTicketListQuery, type TicketListFilters } from '@shared/contracts/tickets';
import type { Database } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { dashboardStats } from '../server/features/dashboard/dashboard.service';
import { buildFieldReport } from '../server/features/reports/reports.service';
import { reportQuerySchema } from '@shared/contracts/reports';
import { withUnread } from '../server/features/tickets/ticket-seen';
import { listTickets } from '../server/features/tickets/tickets.service';
import { activeTicketCounts } from '../server/core/users/active-ticket-counts';
import { hiddenGroupIds } from '../server/core/groups/group-visibility';
import { findUserById } from '../server/core/users/users.repository';
import * as portalTickets from '../server/features/portal/portal-tickets.service';
import { newToken } from '../server/lib/single-use-token';
import { newApiTokenSecret } from '../server/core/api-tokens/api-token-secret';
import { PORTAL_COOKIE_NAME } from '@shared/contracts/portal';
import { startApp, type AppProcess } from './lib/app-process';
import { captureSql, explainRounds, sqlConnection, type CapturedRounds } from './lib/captured-sql';
import { runMeasuredLoop, type BenchRun as Run } from './lib/measured-loop';
import { httpConnection, httpGet, httpWriteConnection, type JsonRequest } from './lib/http-connection';
import { flagOption, intListOption, intOption, listOption, numberOption } from './lib/options';
import { pidsNamed } from './lib/process-usage';
import { apiToSqlTable, cpuPerRequestTable, figuresTable, progressLine, type FigureRow } from './lib/report';
import { seedOnce } from './lib/kept-seed';
import { openScratchDatabase, scratchDatabaseUrl, scratchPool } from './lib/scratch-database';
import { signInSessions, registerAccount, type BenchAccount } from './lib/session';
import { CATEGORIES, COMMON_WORD, seedTickets, VOCABULARY } from './lib/ticket-seed';
import { benchEnvironment } from './lib/environment';

const CASE_NAMES = [
  'list',
  'list-token',
  'search-rare',
  'search-common',
  'search-two',
  'search-two-varied',
  'search-prefix',
  'search-sender',
  'search-number',
  'filtered',
  'sort-updated',
  'sort-reply',
  'sort-priority',
  'sort-status',
  'sort-number',
  'sort-subject',
  'sort-assignee',
  'sort-priority-search',
  'sort-assignee-filtered',
  'sla-breached',
  'sort-due',
  'list-open',
  'cf-category',
  'tags-vip',
  'tags-cf-open',
  'field-report',
  'save-fields',
  'save-field',
  'list-outsider',
  'group',
  'create-manual',
  'create-assigned',
  'create-round-robin',
  'create-least-open',
  'dashboard',
  'dashboard-outsider',
  'team',
  'team-outsider',
  'portal-list',
  'portal-closed',
  'portal-ticket',
  'whoami',
  'whoami-token',
  'healthz',
] as const;
const MODES = ['api', 'api-304', 'api-poll', 'sql'] as const;

const settings = {
  tickets: intOption('BENCH_TICKETS', 1_000_000, { min: 1_000, max: 20_000_000 }),
  agents: intOption('BENCH_AGENTS', 100, { min: 1, max: 10_000 }),
  seconds: numberOption('BENCH_SECONDS', 10, { min: 1, max: 600 }),
  warmupSeconds: numberOption('BENCH_WARMUP_SECONDS', 2, { min: 0, max: 60 }),
  connections: intListOption('BENCH_CONNECTIONS', [1, 32], { min: 1, max: 256 }),
  poolSize: intOption('DB_POOL_SIZE', 16, { min: 1, max: 200 }),
  keep: flagOption('BENCH_KEEP_DATABASE'),
  explain: flagOption('BENCH_EXPLAIN'),
  profileDir: process.env.BENCH_PROFILE_DIR || undefined,
  cases: listOption('BENCH_CASES', CASE_NAMES),
  modes: listOption('BENCH_MODES', MODES),
};
/** Bounds every case: at most this many measured requests, whatever the duration. */
const MAX_REQUESTS_PER_CASE = 2_000_000;
const SEED_VERSION = 6;
/** The runner: the first account registered, so an admin, who sees every group's tickets. */
const ACCOUNT = { email: 'bench.runner@bench.example.com', password: 'bench-runner-password' };
/** Issue 39: an agent in no group, whose lists, counts and figures leave the private group out. */
const OUTSIDER = { email: 'bench.outsider@bench.example.com', password: 'bench-outsider-password' };
const log = (line: string) => console.log(line);

interface BenchCase {
  name: (typeof CASE_NAMES)[number];
  path: string;
  /** For a case that asks something else every time: the path of each API request. */
  nextPath?: () => string;
  /**
   * The statements one request of this case runs in the database, per load-test connection; none
   * (no sql mode) for a case that runs none once its session is kept in memory.
   */
  capture?(context: CaptureContext): Promise<(connection: number) => CapturedRounds>;
  /** A writing case: each load-test connection's next request (api mode only). */
  write?: (connection: number) => () => JsonRequest;
  /** Asked as OUTSIDER (issue 39) instead of the runner. */
  asOutsider?: true;
  /** Asked as the requester of searchTargets' newest open ticket, on the portal (issue 41). */
  asRequester?: true;
  /** Asked as the runner with an API token instead of the session cookie (issue 43); api and sql modes. */
  asToken?: true;
  /** The answer's status of a writing case: 200 unless said. */
  writeStatus?: string;
}

interface CaptureContext {
  pool: pg.Pool;
  /** The portal cases' requester (issue 41). */
  requesterEmail?: string;
  /** The session cookie of each load-test connection, and the account they are signed in as. */
  cookies: string[];
  /** Instead of the cookies, each connection's API token secret (issue 43). */
  bearers?: string[];
  userId: string;
}

/** The runner's and the outsider's sessions and ids, and the requester's portal sessions. */
interface Callers {
  runner: CaptureContext;
  /** The runner again, with an API token per connection (issue 43). */
  token: CaptureContext;
  outsider: CaptureContext;
  requester: CaptureContext;
}

/** As serviceSql, for a call that depends on who asks (their hidden groups, issue 39). */
const viewerSql =
  (service: (db: Database, userId: string) => Promise<unknown>) =>
  async ({ pool, userId }: CaptureContext) => {
    const rounds = await captureSql(pool, (db) => service(db, userId));
    return () => rounds;
  };

/** A case whose SQL is what `service` (the call the route makes) runs, the same for every connection. */
const serviceSql =
  (service: (db: Database) => Promise<unknown>) =>
  async ({ pool }: CaptureContext) => {
    const rounds = await captureSql(pool, service);
    return () => rounds;
  };

function isoDateDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A list request's SQL as the route runs it: the page with its total, the SLA policies and the
 * caller's looks at its tickets for `unread` (issue 26), in one statement.
 * Captured in the steady state of a case asked again and again: a search over the cap reads its page
 * without counting (CAPPED_TOTAL_REUSE_SECONDS).
 */
/** The list's viewer as its route makes it: the user and the private groups they may not see. */
async function listViewer(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`No bench user ${userId}`);
  return { id: userId, hiddenGroupIds: await hiddenGroupIds(db, user) };
}

/** The private groups the account may not see, as the routes read them for each request. */
async function hiddenFor(db: Database, userId: string): Promise<string[]> {
  return (await listViewer(db, userId)).hiddenGroupIds;
}

/**
 * Issue 39's writes: a new ticket in one of the seeded groups, which assigns it or not (GROUPS:
 * manual, round robin, least open), so the cases side by side show what assignment costs.
 */
function createCase(
  name: 'create-manual' | 'create-assigned' | 'create-round-robin' | 'create-least-open',
  groupId: string,
  assignedTo?: string,
): BenchCase {
  return {
    name,
    path: '/api/tickets',
    writeStatus: '201',
    write: (connection) => {
      let n = 0;
      return () => {
        n += 1;
        return {
          method: 'POST',
          path: '/api/tickets',
          body: {
            subject: `Bench ${name} ${connection}-${n}`,
            body: 'A ticket made by the benchmark.',
            fromEmail: 'requester@bench.example.com',
            fromName: 'Bench Requester',
            groupId,
            ...(assignedTo ? { assignedTo } : {}),
          },
        };
      };
    },
  };
}

function listCase(
  name: BenchCase['name'],
  filters: Partial<TicketListFilters>,
  options: { asOutsider?: true; asToken?: true } = {},
): BenchCase {
  const query = toTicketListQuery({ page: 1, limit: DEFAULT_PAGE_SIZE, ...filters });
  return {
    name,
    ...options,
    path: `/api/tickets?${new URLSearchParams(query).toString()}`,
    capture: async ({ pool, userId }) => {
      const rounds = await captureSql(
        pool,
        async (db) => {
          const viewer = await listViewer(db, userId);
          const { list, viewerLooks } = await listTickets(db, ticketListQuerySchema.parse(query), viewer);
          return withUnread(db, userId, list, viewerLooks);
        },
        { steadyState: true },
      );
      return () => rounds;
    },
  };
}

/** A portal case (issue 41): asked with the requester's portal cookie; its SQL is `service`'s. */
function portalCase(
  name: BenchCase['name'],
  path: string,
  service: (db: Database, email: string) => Promise<unknown>,
): BenchCase {
  return {
    name,
    path,
    asRequester: true,
    capture: async ({ pool, requesterEmail }) => {
      const rounds = await captureSql(pool, (db) => service(db, requesterEmail!), { steadyState: true });
      return () => rounds;
    },
  };
}

/** Two different vocabulary words, picked at random. */
function randomWordPair(): string {
  const first = Math.floor(Math.random() * VOCABULARY.length);
  const second = (first + 1 + Math.floor(Math.random() * (VOCABULARY.length - 1))) % VOCABULARY.length;
  return `${VOCABULARY[first]} ${VOCABULARY[second]}`;
}

/**
 * Two common words as agents who each search something else ask them: a new pair on every request,
 * so each is counted afresh. Its SQL is "paper jam" counted afresh, every time.
 */
function variedTwoWordsCase(filters: Partial<TicketListFilters>): BenchCase {
  const pathFor = (search: string) =>
    `/api/tickets?${new URLSearchParams(toTicketListQuery({ page: 1, limit: DEFAULT_PAGE_SIZE, ...filters, search })).toString()}`;
  const query = toTicketListQuery({ page: 1, limit: DEFAULT_PAGE_SIZE, ...filters, search: 'paper jam' });
  return {
    name: 'search-two-varied',
    path: pathFor('paper jam'),
    nextPath: () => pathFor(randomWordPair()),
    capture: async ({ pool, userId }) => {
      const rounds = await captureSql(pool, async (db) => {
        const viewer = await listViewer(db, userId);
        const { list, viewerLooks } = await listTickets(db, ticketListQuerySchema.parse(query), viewer);
        return withUnread(db, userId, list, viewerLooks);
      });
      return () => rounds;
    },
  };
}

/** Values the searches of a requester and of a ticket number look for, read from the seeded data. */
interface SearchTargets {
  senderAddress: string;
  /** The requester's (senderAddress's) newest ticket: the portal's ticket case. */
  senderTicketId: string;
  ticketNumber: string;
  /** Open tickets for the writing case, two per load-test connection so no two wait on one lock. */
  openTicketIds: string[];
  /** Issue 39: the seeded groups' ids by name (GROUPS), and a seeded agent to assign. */
  groupIds: Record<string, string>;
  agentId: string;
}

/** The report by field over the last 30 days (issue 38). */
function fieldReportCase(): BenchCase {
  const query = { start: isoDateDaysAgo(30), end: isoDateDaysAgo(0) };
  return {
    name: 'field-report',
    path: `/api/reports/fields/category?${new URLSearchParams(query).toString()}`,
    capture: serviceSql((db) => buildFieldReport(db, 'category', reportQuerySchema.parse(query))),
  };
}

/**
 * Issue 38's save: five custom field values (or only the first, `save-field`), all different from the
 * last request's, on the connection's two tickets in turn.
 */
function saveFieldsCase(ticketIds: readonly string[], count: 1 | 5): BenchCase {
  const valuesFor = (n: number) => {
    const all = {
      device: `Laptop ${n}`,
      category: CATEGORIES[n % CATEGORIES.length],
      seats: n,
      due: `2027-01-${String(1 + (n % 28)).padStart(2, '0')}`,
      on_site: n % 2 === 0,
    };
    return Object.fromEntries(Object.entries(all).slice(0, count));
  };
  return {
    name: count === 5 ? 'save-fields' : 'save-field',
    path: `/api/tickets/${ticketIds[0]}`,
    write: (connection) => {
      let n = 0;
      return () => {
        n += 1;
        const id = ticketIds[(connection * 2 + (n % 2)) % ticketIds.length]!;
        return { method: 'PUT', path: `/api/tickets/${id}`, body: { customFields: valuesFor(n) } };
      };
    },
  };
}

/** The newest open ticket's requester, and an open ticket from the middle of the table. */
async function searchTargets(pool: pg.Pool): Promise<SearchTargets> {
  const { rows } = await pool.query<{ sender: string; number: string }>(
    `SELECT (SELECT from_email FROM tickets WHERE status = 'open' ORDER BY created_at DESC LIMIT 1) AS sender,
            (SELECT ticket_number FROM tickets WHERE status = 'open' ORDER BY created_at DESC
               OFFSET (SELECT count(*) / 4 FROM tickets WHERE status = 'open') LIMIT 1) AS number`,
  );
  const { rows: open } = await pool.query<{ id: string }>(
    `SELECT id FROM tickets WHERE status = 'open' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 512`,
  );
  const { rows: groups } = await pool.query<{ id: string; name: string }>('SELECT id, name FROM groups');
  const { rows: agents } = await pool.query<{ id: string }>(
    "SELECT id FROM users WHERE email LIKE 'agent%@bench.example.com' ORDER BY email LIMIT 1",
  );
  const { rows: own } = await pool.query<{ id: string }>(
    `SELECT id FROM tickets WHERE lower(from_email) = lower($1) AND deleted_at IS NULL
      ORDER BY created_at DESC LIMIT 1`,
    [rows[0]!.sender],
  );
  return {
    senderTicketId: own[0]!.id,
    senderAddress: rows[0]!.sender,
    ticketNumber: rows[0]!.number,
    openTicketIds: open.map((row) => row.id),
    groupIds: Object.fromEntries(groups.map((group) => [group.name, group.id])),
    agentId: agents[0]!.id,
  };
}

function benchCases(targets: SearchTargets): BenchCase[] {
  const groupId = (name: string) => {
    const id = targets.groupIds[name];
    if (!id) throw new Error(`The seed has no group ${name}: run once without BENCH_KEEP_DATABASE.`);
    return id;
  };
  const defaultView = { status: [...DEFAULT_LIST_STATUSES] };
  const filtered: Partial<TicketListFilters> = {
    status: ['open'],
    priority: ['high'],
    assignmentStatus: 'assigned',
    createdAfter: isoDateDaysAgo(90),
  };
  const sorted = (sort: TicketSort): Partial<TicketListFilters> => ({
    ...defaultView,
    sort,
    order: TICKET_SORT_META[sort].firstOrder,
  });
  const all: BenchCase[] = [
    listCase('list', defaultView),
    // The same list with an API token instead of the session (issue 43: within 1.1× in app CPU).
    listCase('list-token', defaultView, { asToken: true }),
    listCase('search-rare', { ...defaultView, search: 'zeppelin' }),
    listCase('search-common', { ...defaultView, search: COMMON_WORD }),
    listCase('search-two', { ...defaultView, search: 'paper jam' }),
    variedTwoWordsCase(defaultView),
    listCase('search-prefix', { ...defaultView, search: COMMON_WORD.slice(0, 4) }),
    listCase('search-sender', { ...defaultView, search: targets.senderAddress }),
    listCase('search-number', { ...defaultView, search: targets.ticketNumber }),
    listCase('filtered', filtered),
    listCase('sort-updated', sorted('updatedAt')),
    listCase('sort-reply', sorted('lastMessageAt')),
    listCase('sort-priority', sorted('priority')),
    listCase('sort-status', sorted('status')),
    listCase('sort-number', sorted('ticketNumber')),
    listCase('sort-subject', sorted('subject')),
    listCase('sort-assignee', sorted('assignee')),
    listCase('sort-priority-search', { ...sorted('priority'), search: COMMON_WORD }),
    listCase('sort-assignee-filtered', { ...filtered, sort: 'assignee', order: 'asc' }),
    // Issue 24: the default view's breached tickets, and the default view by next due time.
    listCase('sla-breached', { ...defaultView, sla: ['breached'] }),
    listCase('sort-due', sorted('dueAt')),
    // Issue 38: beside the spec's status=open list, measured in the same run.
    listCase('list-open', { status: ['open'] }),
    listCase('cf-category', { customFields: { category: { values: ['network'] } } }),
    listCase('tags-vip', { tags: ['vip'] }),
    listCase('tags-cf-open', {
      status: ['open'],
      tags: ['vip'],
      customFields: { category: { values: ['network'] } },
    }),
    fieldReportCase(),
    saveFieldsCase(targets.openTicketIds, 5),
    saveFieldsCase(targets.openTicketIds, 1),
    // Issue 39: the default view as an agent who may not see the private group, and one group's.
    listCase('list-outsider', defaultView, { asOutsider: true }),
    listCase('group', { ...defaultView, groups: [groupId('Service Desk')] }),
    createCase('create-manual', groupId('Workplace')),
    // The same with an assignee chosen by the caller: what having an assignee costs (the notice, the
    // Activity Log's row), apart from choosing one.
    createCase('create-assigned', groupId('Workplace'), targets.agentId),
    createCase('create-round-robin', groupId('Service Desk')),
    createCase('create-least-open', groupId('Network')),
    { name: 'dashboard', path: '/api/dashboard/stats', capture: serviceSql((db) => dashboardStats(db)) },
    {
      name: 'dashboard-outsider',
      path: '/api/dashboard/stats',
      asOutsider: true,
      capture: viewerSql(async (db, userId) => dashboardStats(db, new Date(), await hiddenFor(db, userId))),
    },
    { name: 'team', path: '/api/users/ticket-counts', capture: serviceSql((db) => activeTicketCounts(db)) },
    {
      name: 'team-outsider',
      path: '/api/users/ticket-counts',
      asOutsider: true,
      capture: viewerSql(async (db, userId) =>
        activeTicketCounts(db, { hiddenGroupIds: await hiddenFor(db, userId) }),
      ),
    },
    // Issue 41: what a requester's portal polls, on their own session.
    portalCase('portal-list', '/api/portal/tickets?status=open&page=1', (db, email) =>
      portalTickets.listTickets(db, email, { status: 'open', page: 1 }),
    ),
    portalCase('portal-closed', '/api/portal/tickets?status=closed&page=2', (db, email) =>
      portalTickets.listTickets(db, email, { status: 'closed', page: 2 }),
    ),
    portalCase('portal-ticket', `/api/portal/tickets/${targets.senderTicketId}`, (db, email) =>
      portalTickets.getTicketDetail(db, email, targets.senderTicketId),
    ),
    // The floor under every authenticated endpoint: the session and the user, and nothing else.
    { name: 'whoami', path: '/api/auth/user' },
    // The token's floor beside it: the token and its owner (kept in memory), its count per minute.
    { name: 'whoami-token', path: '/api/auth/user', asToken: true },
    // The floor under that: no session, no statement.
    { name: 'healthz', path: '/healthz' },
  ];
  return all.filter((benchCase) => settings.cases.includes(benchCase.name));
}

/**
 * The account's sessions, one per load-test connection, registering it first on a fresh database
 * (the runner first: the first account is the admin).
 */
async function signedInCaller(port: number, pool: pg.Pool, account: BenchAccount): Promise<CaptureContext> {
  const idOf = async () =>
    (await pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [account.email])).rows[0]?.id;
  if (!(await idOf())) await registerAccount(port, account);
  const cookies = await signInSessions(port, account, Math.max(...settings.connections));
  return { pool, cookies, userId: (await idOf())! };
}

/**
 * The portal on, and one portal session per load-test connection for `email`, written as the sign-in
 * link's POST writes them (the token's hash), so no email is needed.
 */
async function portalRequester(pool: pg.Pool, email: string): Promise<CaptureContext> {
  await pool.query(
    `INSERT INTO settings (key, value) VALUES ('portal', $1)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify({ enabled: true, newTickets: 'known', allowedDomains: [], csat: false })],
  );
  const cookies: string[] = [];
  for (let i = 0; i < Math.max(...settings.connections); i += 1) {
    const { token, tokenHash } = newToken();
    await pool.query(
      `INSERT INTO portal_sessions (token_hash, email, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [tokenHash, email.toLowerCase()],
    );
    cookies.push(`${PORTAL_COOKIE_NAME}=${token}`);
  }
  return { pool, cookies, userId: '', requesterEmail: email.toLowerCase() };
}

/**
 * The runner with an API token per load-test connection (issue 43), written as POST /api/auth/tokens
 * writes them (the secret's hash), as the portal's sessions are above.
 */
async function withApiTokens(pool: pg.Pool, runner: CaptureContext): Promise<CaptureContext> {
  const bearers: string[] = [];
  for (let i = 0; i < Math.max(...settings.connections); i += 1) {
    const { secret, hash, prefix } = newApiTokenSecret();
    await pool.query(
      `INSERT INTO api_tokens (user_id, name, scope, prefix, token_hash) VALUES ($1, $2, 'write', $3, $4)`,
      [runner.userId, `bench ${i}`, prefix, hash],
    );
    bearers.push(secret);
  }
  return { ...runner, bearers };
}

async function seedUnlessKept(url: string, reused: boolean, pool: pg.Pool): Promise<void> {
  await seedOnce(pool, {
    reused,
    parameters: { tickets: settings.tickets, agents: settings.agents, version: SEED_VERSION },
    what: `${settings.tickets} tickets and ${settings.agents} agents`,
    seed: () => seedTickets(url, { tickets: settings.tickets, agents: settings.agents, log }),
    log,
  });
}

async function describeDataSet(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM tickets GROUP BY status ORDER BY status',
  );
  const { rows: sizes } = await pool.query<{ table_size: string; index_size: string }>(
    `SELECT pg_size_pretty(pg_table_size('tickets')) AS table_size,
            pg_size_pretty(pg_indexes_size('tickets')) AS index_size`,
  );
  log(`Tickets by status: ${rows.map((row) => `${row.status} ${row.n}`).join(', ')}`);
  log(`tickets table ${sizes[0]?.table_size}, its indexes ${sizes[0]?.index_size}`);
}

async function measure(run: Run, appPids: () => number[]): Promise<FigureRow> {
  const { result, cpuPerRequest } = await runMeasuredLoop(
    {
      connections: run.connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      maxRequests: MAX_REQUESTS_PER_CASE,
      expected: run.expected,
      connect: run.connect,
    },
    { app: appPids, database: () => pidsNamed('postgres'), loadGenerator: () => [process.pid] },
  );
  const row = { case: run.benchCase, mode: run.mode, result, cpuPerRequest };
  log(progressLine(row));
  return row;
}

async function currentEtag(port: number, path: string, cookie: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  const answer = await httpGet(agent, port, path, { Cookie: cookie });
  const etag = answer.headers.etag;
  if (answer.status !== 200 || !etag) throw new Error(`${path} answered ${answer.status} without an ETag`);
  return etag;
}

async function main(): Promise<void> {
  const url = scratchDatabaseUrl('postgres://postgres@127.0.0.1:5432/helpdesk_bench_tickets');
  const scratch = await openScratchDatabase(url, { keep: settings.keep });
  // Bounded like the app's requests: a replayed statement gives up after the HTTP client's timeout.
  const pool = scratchPool(scratch.url, { max: settings.poolSize, statement_timeout: 30_000 });
  let app: AppProcess | undefined;
  try {
    // Migrations (an index on a kept database can take minutes) and the seed run without that bound.
    const setup = scratchPool(scratch.url, { max: 2 });
    try {
      await runMigrations(setup, { lock: true });
      await seedUnlessKept(scratch.url, scratch.reused, setup);
      await describeDataSet(setup);
    } finally {
      await setup.end();
    }
    log(await benchEnvironment(pool, settings));

    app = await startApp({
      databaseUrl: scratch.url,
      // The sign-ins below are not measured; a low bcrypt cost only makes them quick.
      env: {
        DB_POOL_SIZE: String(settings.poolSize),
        BCRYPT_COST: '4',
        // The token cases send far more than a script would: the limit is not what is measured.
        API_TOKEN_REQUESTS_PER_MINUTE: '1000000000',
      },
      profileDir: settings.profileDir,
    });
    const port = app.port;
    const appPids = () => app?.pids ?? [];
    const callers: Callers = {
      runner: await signedInCaller(port, pool, ACCOUNT),
      outsider: await signedInCaller(port, pool, OUTSIDER),
      requester: await portalRequester(pool, (await searchTargets(pool)).senderAddress),
      token: undefined as unknown as CaptureContext,
    };
    callers.token = await withApiTokens(pool, callers.runner);
    const callerOf = (benchCase: BenchCase) =>
      benchCase.asRequester
        ? callers.requester
        : benchCase.asOutsider
          ? callers.outsider
          : benchCase.asToken
            ? callers.token
            : callers.runner;

    // A request's SQL: what its handler runs (its session is kept in memory after the first read).
    const cases = [];
    for (const benchCase of benchCases(await searchTargets(pool))) {
      cases.push({ ...benchCase, roundsOf: await benchCase.capture?.(callerOf(benchCase)) });
    }
    if (settings.explain) {
      for (const benchCase of cases) {
        if (!benchCase.roundsOf) continue;
        log(`\n=== ${benchCase.name}: ${benchCase.path}`);
        for (const plan of await explainRounds(pool, benchCase.roundsOf(0))) log(`${plan}\n`);
      }
    }

    /** The headers each HTTP mode adds to the session cookie, given the answer's current ETag. */
    const httpModes: Record<
      Exclude<(typeof MODES)[number], 'sql'>,
      (etag: string) => Record<string, string>
    > = {
      api: () => ({}),
      'api-304': (etag) => ({ 'If-None-Match': etag }),
      'api-poll': (etag) => ({
        'If-None-Match': etag,
        'Cache-Control': `max-age=${POLL_CACHE_MAX_AGE_SECONDS}`,
      }),
    };
    const rows: FigureRow[] = [];
    for (const benchCase of cases) {
      const { cookies, bearers } = callerOf(benchCase);
      const cookieOf = (index: number) => cookies[index % cookies.length]!;
      const authOf = (index: number): Record<string, string> =>
        bearers
          ? { Authorization: `Bearer ${bearers[index % bearers.length]!}` }
          : { Cookie: cookieOf(index) };
      for (const connections of settings.connections) {
        for (const mode of settings.modes) {
          if (benchCase.write) {
            if (mode !== 'api') continue;
            const write = benchCase.write;
            rows.push(
              await measure(
                {
                  benchCase: benchCase.name,
                  mode,
                  connections,
                  expected: [benchCase.writeStatus ?? '200'],
                  connect: (i) => httpWriteConnection(port, write(i), authOf(i)),
                },
                appPids,
              ),
            );
            continue;
          }
          if (mode === 'sql') {
            const roundsOf = benchCase.roundsOf;
            if (!roundsOf) continue;
            rows.push(
              await measure(
                {
                  benchCase: benchCase.name,
                  mode,
                  connections,
                  expected: ['ok'],
                  connect: (i) => sqlConnection(pool, roundsOf(i)),
                },
                appPids,
              ),
            );
            continue;
          }
          // A case that asks something else every time has no ETag to send; a token case is
          // compared with its session twin in the api mode.
          if ((benchCase.nextPath || benchCase.asToken) && mode !== 'api') continue;
          const etag = mode === 'api' ? '' : await currentEtag(port, benchCase.path, cookieOf(0));
          const headers = httpModes[mode](etag);
          rows.push(
            await measure(
              {
                benchCase: benchCase.name,
                mode,
                connections,
                expected: [mode === 'api' ? '200' : '304'],
                connect: (i) =>
                  httpConnection(port, benchCase.nextPath ?? benchCase.path, {
                    ...authOf(i),
                    ...headers,
                  }),
              },
              appPids,
            ),
          );
        }
      }
    }
    const appLog = app.logged();
    if (appLog.total > 0) {
      log(
        `\nThe app logged ${appLog.total} lines; the first ${appLog.lines.length}:\n${appLog.lines.join('\n')}`,
      );
    }
    log(`\n${await benchEnvironment(pool, settings)}\n`);
    log(figuresTable(rows));
    log(`\nThe API against the same SQL run directly through pg:\n${apiToSqlTable(rows)}`);
    log(`\nCPU per request, over the measured window (from /proc):\n${cpuPerRequestTable(rows)}`);
  } finally {
    await app?.stop();
    await pool.end();
    await scratch.close();
  }
}

await main();
