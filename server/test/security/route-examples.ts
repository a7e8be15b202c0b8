/**
 * One valid request per route of the inventory: what an honest client sends and the status it gets.
 * The CSRF sweep replays them same-origin (they must work) and cross-site (they must change nothing);
 * the fuzzer mutates their bodies and queries. Keyed by RouteKey, so a route added to ROUTES does not
 * compile until it has an example here.
 */
import crypto from 'node:crypto';
import { startDovecotTestServer, type DovecotTestServer } from '../mail/dovecot-test-server';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { noteAuthor, serializeNotes } from '@shared/notes';
import { addDays, rangeBounds } from '@shared/report-range';
import { WEBHOOK_LIMITS } from '@shared/contracts/webhooks';
import { csatSurveys, ticketFields, ticketMessages, timeEntries, users } from '@shared/schema';
import { newToken } from '../../lib/single-use-token';
import { insertSetupToken } from '../../features/auth/setup.service';
import { insertAttachments, listOriginalAttachments } from '../../core/conversation/conversation.repository';
import { emailPayload } from '../support/inbound';
import { insertSignInLink } from '../support/portal';
import { newTicketInput } from '../support/tickets';
import { FAKE_CREDENTIALS } from '../support/harvest';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/smtp-test-server';
import { base32Decode, totp } from '../../lib/totp';
import { newUserInput } from '../test-app';
import { fillPath, type RouteKey } from './route-inventory';
import { TEST_METRICS_TOKEN, TEST_SMTP_PASSWORD } from './known-secrets';
import { queryString, type RawRequest } from './raw-request';
import { INBOUND_TOKEN, type SecurityFixture } from './security-fixture';

export interface ExampleRequest {
  /** Values for the route's `:params`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The session cookie to send (the portal's own for requester routes); none for public routes and the webhook. */
  cookie?: string;
  /** The bearer token of the inbound webhook or of /metrics. */
  bearer?: string;
  /** The status an honest client gets. */
  okStatus: number;
  /** A body sent as it is under this Content-Type (a multipart upload) instead of `body` as JSON. */
  rawBody?: { contentType: string; content: string };
}

type ExampleBuilder = (fx: SecurityFixture) => Promise<ExampleRequest> | ExampleRequest;

const TODAY = '2026-03-04';

async function createTicket(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/tickets')
    .set('Cookie', fx.admin.cookie)
    .send(newTicketInput())
    .expect(201);
  return res.body.ticket.id as string;
}

/** A new API token of the user signed in with `cookie` (issue 43); returns its id. */
async function createApiToken(fx: SecurityFixture, cookie: string): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/auth/tokens')
    .set('Cookie', cookie)
    .send({ name: 'Example token', scope: 'write' })
    .expect(201);
  return res.body.token.id as string;
}

/** A webhook to a port nothing answers on (the sender does not run in the sweeps). */
const webhookBody = () => ({ url: 'http://127.0.0.1:9/hook', events: ['ticket.created'] });

/** The newest webhooks a sweep keeps when it makes room: those its requests under way may still use. */
const WEBHOOKS_KEPT_FOR_ROOM = 10;

/**
 * A new webhook. The sweeps make one per example, and the fuzz sweep many more than the 50 a help
 * desk may keep (WEBHOOK_LIMITS.count, a 409 past it): near the limit the older ones go first.
 */
async function createWebhook(fx: SecurityFixture): Promise<string> {
  await fx.t.db.execute(sql`
    DELETE FROM webhooks
    WHERE (SELECT count(*) FROM webhooks) >= ${WEBHOOK_LIMITS.count - 1}
      AND id NOT IN (SELECT id FROM webhooks ORDER BY created_at DESC LIMIT ${WEBHOOKS_KEPT_FOR_ROOM})`);
  const created = await request(fx.baseUrl)
    .post('/api/webhooks')
    .set('Cookie', fx.admin.cookie)
    .set('Origin', fx.baseUrl)
    .send(webhookBody())
    .expect(201);
  return (created.body as { webhook: { id: string } }).webhook.id;
}

/** A webhook with one delivery (its ping), for the deliveries' routes. */
async function webhookWithDelivery(fx: SecurityFixture): Promise<{ id: string; deliveryId: string }> {
  const id = await createWebhook(fx);
  const ping = await request(fx.baseUrl)
    .post(`/api/webhooks/${id}/test`)
    .set('Cookie', fx.admin.cookie)
    .set('Origin', fx.baseUrl)
    .expect(202);
  return { id, deliveryId: (ping.body as { delivery: { id: string } }).delivery.id };
}

/** A rating link of a new ticket, as the rating sender leaves it (issue 41); returns its token. */
async function createRatingLink(fx: SecurityFixture): Promise<string> {
  const { token, tokenHash } = newToken();
  await fx.t.db.insert(csatSurveys).values({
    ticketId: await createTicket(fx),
    changeId: crypto.randomUUID(),
    requesterEmail: 'jordan.lee@contoso.com',
    status: 'sent',
    tokenHash,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return token;
}

/** A team canned response (with actions, so that applying it changes the ticket); returns its id. */
async function createCannedResponse(fx: SecurityFixture, actions: object = {}): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/canned-responses')
    .set('Cookie', fx.admin.cookie)
    .send({ name: 'Toner', body: 'The toner is on its way.', scope: 'team', actions })
    .expect(201);
  return res.body.response.id as string;
}

/** A team view with a name of its own (names are unique in a list); returns its id. */
async function createSavedView(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/views')
    .set('Cookie', fx.admin.cookie)
    .send({ name: `Open ${crypto.randomUUID()}`, scope: 'team', query: { status: 'open' } })
    .expect(201);
  return res.body.view.id as string;
}

/**
 * A new text field's body: a key of its own (keys are unique), never required to close, so that the
 * fields the sweeps add leave closing tickets as it was.
 */
const newTicketField = () => ({
  key: `f_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`,
  label: 'Asset tag',
  type: 'text',
});

/** A text field; returns its id. */
async function createTicketField(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/ticket-fields')
    .set('Cookie', fx.admin.cookie)
    .send(newTicketField())
    .expect(201);
  return res.body.field.id as string;
}

const newGroup = () => ({ name: `Group ${crypto.randomUUID()}` });

/** A group without tickets; returns its id. */
async function createGroup(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/groups')
    .set('Cookie', fx.admin.cookie)
    .send(newGroup())
    .expect(201);
  return res.body.group.id as string;
}

const newRule = () => ({
  name: `Rule ${crypto.randomUUID()}`,
  kind: 'trigger',
  events: ['ticket_created'],
  conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['vpn'] }], any: [] },
  actions: [{ kind: 'set_priority', value: 'high' }],
});

/** An inactive rule; returns its id. */
async function createRule(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/rules')
    .set('Cookie', fx.admin.cookie)
    .send({ ...newRule(), active: false })
    .expect(201);
  return res.body.rule.id as string;
}

/** A time entry of the admin's (pushed to the fake Harvest); returns its id. */
async function createTimeEntry(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/time-entries')
    .set('Cookie', fx.admin.cookie)
    .send({ projectId: 1, taskId: 1, hours: 1.25, notes: 'Printer setup', spentDate: '2026-03-02' })
    .expect(201);
  return res.body.timeEntry.id as string;
}

async function saveHarvestCredentials(fx: SecurityFixture): Promise<void> {
  await request(fx.baseUrl)
    .post('/api/settings')
    .set('Cookie', fx.admin.cookie)
    .send({ key: 'harvest_credentials', value: FAKE_CREDENTIALS })
    .expect(200);
}

/** The id of the account with this address, registering it the first time. */
async function userWithEmail(fx: SecurityFixture, email: string): Promise<string> {
  const [existing] = await fx.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  const res = await request(fx.baseUrl).post('/api/register').send(newUserInput({ email })).expect(201);
  return res.body.user.id as string;
}

/** A pending invitation made by the admin: its id and the token of its link. */
async function createInvitation(fx: SecurityFixture): Promise<{ id: string; token: string }> {
  const res = await request(fx.baseUrl)
    .post('/api/team/invitations')
    .set('Cookie', fx.admin.cookie)
    .send({ email: newUserInput().email, role: 'agent' })
    .expect(201);
  const url = res.body.invitation.url as string;
  return { id: res.body.invitation.id as string, token: url.slice(url.lastIndexOf('/') + 1) };
}

/** A new signed-in user with two-step sign-in set up (its enabling code a step behind, so now is unused). */
async function userWithTotp(fx: SecurityFixture) {
  const user = await fx.newSignedInUser();
  const setup = await request(fx.baseUrl).post('/api/auth/totp/setup').set('Cookie', user.cookie).expect(200);
  const secret = setup.body.secret as string;
  await request(fx.baseUrl)
    .post('/api/auth/totp/enable')
    .set('Cookie', user.cookie)
    .send({ code: totp(base32Decode(secret), Date.now() - 30_000) })
    .expect(200);
  return { ...user, secret };
}

/** A small PNG stored for a new ticket's original message; returns the file's id. */
async function storeAttachment(fx: SecurityFixture): Promise<string> {
  const ticketId = await createTicket(fx);
  const content = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  await insertAttachments(fx.t.db, ticketId, null, [
    { filename: 'tray.png', contentType: 'image/png', size: content.length, content },
  ]);
  const [file] = await listOriginalAttachments(fx.t.db, ticketId);
  return file!.id;
}

/** A small text file stored for the requester's ticket's original message; returns the file's id. */
async function storeRequesterFile(fx: SecurityFixture): Promise<string> {
  const filename = `note-${crypto.randomUUID()}.txt`;
  const content = Buffer.from('The printer is on floor 3.');
  await insertAttachments(fx.t.db, fx.requester.ticketId, null, [
    { filename, contentType: 'text/plain', size: content.length, content },
  ]);
  const files = await listOriginalAttachments(fx.t.db, fx.requester.ticketId);
  return files.find((file) => file.filename === filename)!.id;
}

/** A field requesters fill in the portal (the same one however often the example is built); its key. */
async function portalField(fx: SecurityFixture): Promise<string> {
  await fx.t.db
    .insert(ticketFields)
    .values({ key: 'portal_example', label: 'Portal Example', type: 'text', portal: true, position: 98 })
    .onConflictDoNothing();
  return 'portal_example';
}

/**
 * One SMTP server (real, on a loopback port, with a login) for the examples that send email, started
 * with the first of them and left to the end of the file's process (unref'd).
 */
let smtpServer: Promise<SmtpTestServer> | undefined;
const testSmtpServer = () =>
  (smtpServer ??= startSmtpTestServer({
    username: 'helpdesk',
    password: TEST_SMTP_PASSWORD,
    parse: false,
  }).then((server) => {
    server.unref();
    return server;
  }));

let imapServer: Promise<DovecotTestServer> | undefined;
/** A Dovecot started on first use by this test file's examples; stopped by stopExampleServers. */
const testImapServer = () => (imapServer ??= startDovecotTestServer());

/** Stops the servers the examples started (the security fixture's close calls it). */
export async function stopExampleServers(): Promise<void> {
  const started = imapServer;
  imapServer = undefined;
  await (await started?.catch(() => undefined))?.close();
}

/** Points the app's email settings at the test SMTP server (replies and test emails then work). */
async function configureEmail(fx: SecurityFixture): Promise<void> {
  const smtp = await testSmtpServer();
  await request(fx.baseUrl)
    .post('/api/settings')
    .set('Cookie', fx.admin.cookie)
    .send({ key: 'email', value: smtp.emailSettings() })
    .expect(200);
}

/** A reply of the admin's that failed (as if the SMTP server had refused it); returns its id. */
async function failedReply(fx: SecurityFixture): Promise<string> {
  await configureEmail(fx);
  const res = await request(fx.baseUrl)
    .post(`/api/tickets/${await createTicket(fx)}/messages`)
    .set('Cookie', fx.admin.cookie)
    .send({ body: 'Your laptop is ready.' })
    .expect(201);
  const id = res.body.message.id as string;
  await fx.t.db
    .update(ticketMessages)
    .set({ status: 'failed', error: '550 No such user' })
    .where(eq(ticketMessages.id, id));
  return id;
}

// The examples carry every optional field too, so the fuzzer, which mutates them, reaches each one.

/** A new asset's body, with a tag of its own. */
const assetBody = () => ({
  assetTag: `LT-${crypto.randomUUID().slice(0, 8)}`,
  productType: 'laptop',
  model: 'ThinkPad T14',
  serialNumber: 'PF-12345',
  notes: 'Spare',
});

async function createAsset(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/assets')
    .set('Cookie', fx.admin.cookie)
    .send(assetBody())
    .expect(201);
  return res.body.asset.id as string;
}

export const loanerBody = (assignedTo: string | null = null) => ({
  productType: 'laptop',
  personName: 'Grace Hopper',
  phone: '555-0100',
  officeNumber: 'B-204',
  checkoutDate: '2026-03-01',
  expectedReturnDate: '2026-03-08',
  assignedTo,
  notes: 'Charger included',
  actualReturnDate: null,
});

const attachments = [{ filename: 'screenshot.png', contentType: 'image/png', size: 20_480 }];

/** A file of an email with its content (base64 of `size` bytes), which is then stored. */
const emailedFile = {
  filename: 'tray.png',
  contentType: 'image/png',
  size: 16,
  content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64'),
};

/** A new ticket with every optional field given. */
const fullTicketInput = (fx: SecurityFixture) =>
  newTicketInput({
    ticketNumber: `T-${Date.now()}${crypto.randomInt(1_000)}`,
    priority: 'high',
    status: 'open',
    assignedTo: fx.agent.id,
    originalEmailDate: '2026-03-01T09:30:00Z',
    attachments,
  });

/** A mail with every optional field given; its own Message-ID, so it is never a redelivery. */
const fullEmailPayload = () =>
  emailPayload({
    from_name: 'Jordan Lee',
    priority: 'high',
    headers: { 'Message-ID': `<${crypto.randomUUID()}@contoso.com>`, 'X-Mailer': ['Outlook', '16.0'] },
    attachments: [...attachments, emailedFile],
  });

let harvestEntryIds = 4_200_000;

/**
 * The honest body of a full PUT on a new ticket: a note the admin appends (their own, timed now), a
 * closing time between the ticket's creation and now, and the Harvest id of the ticket's own entry.
 */
async function fullTicketUpdate(fx: SecurityFixture) {
  const id = await createTicket(fx);
  const me = await request(fx.baseUrl).get('/api/auth/user').set('Cookie', fx.admin.cookie).expect(200);
  harvestEntryIds += 1;
  await fx.t.db.insert(timeEntries).values({
    ticketId: id,
    harvestTimeEntryId: harvestEntryIds,
    harvestProjectId: 3,
    harvestProjectName: 'Support',
    harvestTaskId: 1,
    harvestTaskName: 'Tickets',
    hours: 1.5,
    notes: 'Swapped the drum.',
    spentDate: TODAY,
    userId: fx.admin.id,
    syncStatus: 'synced',
  });
  const now = new Date().toISOString();
  const note = { text: 'Swapped the drum.', userId: fx.admin.id, ...noteAuthor(me.body), timestamp: now };
  return {
    id,
    body: {
      status: 'closed',
      priority: 'high',
      assignedTo: fx.agent.id,
      assignedAt: now,
      notes: serializeNotes([note]),
      timeSpent: 1.5,
      harvestTimeEntryId: harvestEntryIds,
      closedAt: now,
    },
  };
}

async function createLoaner(fx: SecurityFixture): Promise<string> {
  const res = await request(fx.baseUrl)
    .post('/api/loaner-equipment')
    .set('Cookie', fx.admin.cookie)
    .send(loanerBody())
    .expect(201);
  return res.body.id as string;
}

/** The browser's query for this week, with the instants its local days begin (UTC here). */
/** A report's query over the week of `today` (the examples' fixed day unless given). */
export function reportQuery(today = TODAY) {
  const { start, end } = rangeBounds('this-week', today);
  return {
    range: 'this-week',
    start,
    end,
    startAt: `${start}T00:00:00Z`,
    endAt: `${addDays(end, 1)}T00:00:00Z`,
  };
}

export const ROUTE_EXAMPLES: Record<RouteKey, ExampleBuilder> = {
  'GET /healthz': () => ({ okStatus: 200 }),
  'GET /readyz': () => ({ okStatus: 200 }),
  'GET /metrics': () => ({ bearer: TEST_METRICS_TOKEN, okStatus: 200 }),
  'POST /api/register': () => ({ body: newUserInput(), okStatus: 201 }),
  'POST /api/login': async (fx) => {
    const user = await fx.registerUser();
    return { body: { email: user.email, password: user.password }, okStatus: 200 };
  },
  'POST /api/logout': async (fx) => ({ cookie: (await fx.newSignedInUser()).cookie, okStatus: 303 }),
  'GET /api/login': () => ({ okStatus: 302 }),
  'GET /api/auth/user': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/auth/change-password': async (fx) => {
    const user = await fx.newSignedInUser();
    return {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'another horse battery' },
      okStatus: 200,
    };
  },
  'POST /api/password-reset': async (fx) => ({
    body: { email: (await fx.registerUser()).email },
    okStatus: 202,
  }),
  // A link the admin made for a new member, used once.
  'POST /api/password-reset/:token': async (fx) => {
    const res = await request(fx.baseUrl)
      .post(`/api/team/${(await fx.registerUser()).id}/password-reset`)
      .set('Cookie', fx.admin.cookie)
      .expect(200);
    const url = res.body.url as string;
    return {
      params: { token: url.slice(url.lastIndexOf('/') + 1) },
      body: { password: 'a brand new password' },
      okStatus: 200,
    };
  },
  'POST /api/auth/tokens': (fx) => ({
    cookie: fx.admin.cookie,
    body: { name: 'Nightly export', scope: 'read', expiresInDays: 30 },
    okStatus: 201,
  }),
  'GET /api/auth/tokens': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/webhooks': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/webhooks': (fx) => ({ cookie: fx.admin.cookie, body: webhookBody(), okStatus: 201 }),
  'PUT /api/webhooks/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createWebhook(fx) },
    body: { events: ['ticket.created', 'ticket.closed'], format: 'slack', active: false },
    okStatus: 200,
  }),
  'DELETE /api/webhooks/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createWebhook(fx) },
    okStatus: 204,
  }),
  'POST /api/webhooks/:id/rotate-secret': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createWebhook(fx) },
    okStatus: 200,
  }),
  'GET /api/webhooks/:id/deliveries': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await webhookWithDelivery(fx)).id },
    query: { limit: '10' },
    okStatus: 200,
  }),
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': async (fx) => ({
    cookie: fx.admin.cookie,
    params: await webhookWithDelivery(fx),
    okStatus: 202,
  }),
  'POST /api/webhooks/:id/test': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createWebhook(fx) },
    okStatus: 202,
  }),
  'DELETE /api/auth/tokens/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createApiToken(fx, fx.admin.cookie) },
    okStatus: 204,
  }),
  'GET /api/team/tokens': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'DELETE /api/team/tokens/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createApiToken(fx, (await fx.newSignedInUser()).cookie) },
    okStatus: 204,
  }),
  'GET /api/auth/sessions': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  // A user signed in twice ends the other session by its public id.
  'DELETE /api/auth/sessions/:id': async (fx) => {
    const user = await fx.newSignedInUser();
    await request(fx.baseUrl)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const listed = await request(fx.baseUrl).get('/api/auth/sessions').set('Cookie', user.cookie).expect(200);
    const other = (listed.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;
    return { cookie: user.cookie, params: { id: other.id }, okStatus: 204 };
  },
  'POST /api/auth/sessions/revoke-others': async (fx) => {
    const user = await fx.newSignedInUser();
    await request(fx.baseUrl)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    return { cookie: user.cookie, okStatus: 200 };
  },
  'GET /api/auth/totp': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/auth/totp/setup': async (fx) => ({ cookie: (await fx.newSignedInUser()).cookie, okStatus: 200 }),
  'POST /api/auth/totp/enable': async (fx) => {
    const user = await fx.newSignedInUser();
    const setup = await request(fx.baseUrl)
      .post('/api/auth/totp/setup')
      .set('Cookie', user.cookie)
      .expect(200);
    return {
      cookie: user.cookie,
      body: { code: totp(base32Decode(setup.body.secret as string), Date.now()) },
      okStatus: 200,
    };
  },
  'POST /api/auth/totp/disable': async (fx) => {
    const user = await userWithTotp(fx);
    return { cookie: user.cookie, body: { password: user.password }, okStatus: 200 };
  },
  // The password step first: its session waits for the code.
  'POST /api/login/totp': async (fx) => {
    const user = await userWithTotp(fx);
    const step = await request(fx.baseUrl)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const cookie = [step.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith('helpdesk.sid='))!;
    return {
      cookie: cookie.split(';')[0]!,
      body: { code: totp(base32Decode(user.secret), Date.now()) },
      okStatus: 200,
    };
  },
  // The fixture has an admin already, so no link would work: the example stores a token of its own.
  'POST /api/setup/:token': async (fx) => ({
    params: { token: await insertSetupToken(fx.t.db) },
    body: newUserInput(),
    okStatus: 201,
  }),
  'POST /api/inbound/email': () => ({ bearer: INBOUND_TOKEN, body: fullEmailPayload(), okStatus: 201 }),
  'GET /api/tickets': (fx) => ({
    cookie: fx.admin.cookie,
    query: {
      page: '1',
      limit: '10',
      search: 'printer',
      status: 'open,in_progress',
      priority: 'high',
      assigned_to: fx.agent.id,
      assignment_status: 'assigned',
      created_after: '2026-01-01',
      created_before: '2026-12-31T23:59:59Z',
      closed_after: '2026-01-01',
      closed_before: '2026-12-31',
    },
    okStatus: 200,
  }),
  'POST /api/tickets': (fx) => ({ cookie: fx.admin.cookie, body: fullTicketInput(fx), okStatus: 201 }),
  'PATCH /api/tickets/bulk': async (fx) => ({
    cookie: fx.admin.cookie,
    body: {
      ticketIds: [await createTicket(fx)],
      updates: { status: 'in_progress', assignedTo: fx.agent.id },
    },
    okStatus: 200,
  }),
  'DELETE /api/tickets/bulk': async (fx) => ({
    cookie: fx.admin.cookie,
    body: { ticketIds: [await createTicket(fx)] },
    okStatus: 200,
  }),
  'GET /api/tickets/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 200,
  }),
  'PUT /api/tickets/:id': async (fx) => {
    const { id, body } = await fullTicketUpdate(fx);
    return { cookie: fx.admin.cookie, params: { id }, body, okStatus: 200 };
  },
  'DELETE /api/tickets/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 204,
  }),
  'POST /api/tickets/:id/notes': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    body: { text: 'Replaced the fuser.' },
    okStatus: 201,
  }),
  'GET /api/tickets/:id/check-updates': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    query: { since: '2026-03-01T09:30:00Z' },
    okStatus: 200,
  }),
  // The admin has the ticket open first, so that closing it changes something.
  'DELETE /api/tickets/:id/viewers/me': async (fx) => {
    const id = await createTicket(fx);
    await request(fx.baseUrl)
      .get(`/api/tickets/${id}/check-updates`)
      .query({ since: '2026-03-01T09:30:00Z' })
      .set('Cookie', fx.admin.cookie)
      .expect(200);
    return { cookie: fx.admin.cookie, params: { id }, okStatus: 204 };
  },
  'GET /api/tickets/:id/activity': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 200,
  }),
  'POST /api/tickets/:id/seen': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 204,
  }),
  'POST /api/tickets/:id/restore': async (fx) => {
    const id = await createTicket(fx);
    await request(fx.baseUrl).delete(`/api/tickets/${id}`).set('Cookie', fx.admin.cookie).expect(204);
    return { cookie: fx.admin.cookie, params: { id }, okStatus: 200 };
  },
  'POST /api/tickets/:id/close': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    body: {
      time_spent: 1.5,
      harvest_project_id: 3,
      harvest_task_id: 1,
      notes: 'Replaced the toner.',
      spent_date: '2026-03-02',
    },
    okStatus: 200,
  }),
  'GET /api/tickets/:id/messages': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 200,
  }),
  'GET /api/attachments/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await storeAttachment(fx) },
    query: { inline: '1' },
    okStatus: 200,
  }),
  'POST /api/tickets/:id/messages': async (fx) => {
    await configureEmail(fx);
    return {
      cookie: fx.admin.cookie,
      params: { id: await createTicket(fx) },
      body: { body: 'We replaced the fuser; it should print again.' },
      okStatus: 201,
    };
  },
  'POST /api/messages/:id/retry': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await failedReply(fx) },
    okStatus: 200,
  }),
  'GET /api/dashboard/stats': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/users': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/users/ticket-counts': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/team': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/team/ticket-counts': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  // A new agent made admin: each call changes someone, and never the last admin.
  'PUT /api/team/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await fx.registerUser()).id },
    body: { role: 'admin', active: true },
    okStatus: 200,
  }),
  'POST /api/team/:id/password-reset': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await fx.registerUser()).id },
    okStatus: 200,
  }),
  'GET /api/team/audit': (fx) => ({
    cookie: fx.admin.cookie,
    query: { limit: '20', before: '2999-01-01T00:00:00Z' },
    okStatus: 200,
  }),
  'DELETE /api/team/:id/totp': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await userWithTotp(fx)).id },
    okStatus: 204,
  }),
  'POST /api/team/invitations': (fx) => ({
    cookie: fx.admin.cookie,
    body: { email: newUserInput().email, role: 'agent', firstName: 'Ivy', lastName: 'Invitee' },
    okStatus: 201,
  }),
  'DELETE /api/team/invitations/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await createInvitation(fx)).id },
    okStatus: 204,
  }),
  'GET /api/invitations/:token': async (fx) => ({
    params: { token: (await createInvitation(fx)).token },
    okStatus: 200,
  }),
  'POST /api/invitations/:token/accept': async (fx) => ({
    params: { token: (await createInvitation(fx)).token },
    body: { firstName: 'Ivy', lastName: 'Invitee', password: 'a long new password' },
    okStatus: 201,
  }),
  'GET /api/loaner-equipment': (fx) => ({
    cookie: fx.admin.cookie,
    query: { search: 'laptop', isReturned: 'false', overdue: 'true' },
    okStatus: 200,
  }),
  'POST /api/loaner-equipment': (fx) => ({
    cookie: fx.admin.cookie,
    body: loanerBody(fx.agent.id),
    okStatus: 201,
  }),
  'PUT /api/loaner-equipment/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createLoaner(fx) },
    body: {
      ...loanerBody(fx.agent.id),
      notes: 'Screen scratched',
      isReturned: true,
      actualReturnDate: '2026-03-05',
    },
    okStatus: 200,
  }),
  'GET /api/assets': (fx) => ({
    cookie: fx.admin.cookie,
    query: { search: 'LT', status: 'available', productType: 'laptop', page: '1' },
    okStatus: 200,
  }),
  'POST /api/assets': (fx) => ({ cookie: fx.admin.cookie, body: assetBody(), okStatus: 201 }),
  'GET /api/assets/availability': (fx) => ({
    cookie: fx.admin.cookie,
    query: { productType: 'laptop', from: TODAY, to: '2026-03-10' },
    okStatus: 200,
  }),
  'POST /api/assets/import': (fx) => {
    const boundary = 'asset-import-boundary';
    const csv = `Asset Tag,Product Type,Model,Serial Number\r\nIMP-${crypto.randomUUID()},laptop,ThinkPad T14,SN-1\r\n`;
    return {
      cookie: fx.admin.cookie,
      query: { skipInvalid: 'false' },
      rawBody: {
        contentType: `multipart/form-data; boundary=${boundary}`,
        content:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="assets.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      },
      okStatus: 200,
    };
  },
  'GET /api/assets/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createAsset(fx) },
    okStatus: 200,
  }),
  'PUT /api/assets/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createAsset(fx) },
    body: { model: 'ThinkPad X1', status: 'in_repair', notes: 'Fan noise' },
    okStatus: 200,
  }),
  'GET /api/tickets/:id/loans': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 200,
  }),
  'DELETE /api/loaner-equipment/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createLoaner(fx) },
    okStatus: 204,
  }),
  'GET /api/settings/:key': (fx) => ({
    cookie: fx.admin.cookie,
    params: { key: 'harvest_credentials' },
    okStatus: 200,
  }),
  'POST /api/settings': (fx) => ({
    cookie: fx.admin.cookie,
    body: { key: 'harvest_credentials', value: FAKE_CREDENTIALS },
    okStatus: 200,
  }),
  'POST /api/settings/email/test': async (fx) => {
    await configureEmail(fx);
    return { cookie: fx.admin.cookie, okStatus: 200 };
  },
  'POST /api/settings/email/imap/test': async (fx) => {
    const smtp = await testSmtpServer();
    const dovecot = await testImapServer();
    const imap = {
      host: dovecot.host,
      port: dovecot.port,
      security: 'none',
      username: dovecot.user,
      password: dovecot.password,
    };
    await request(fx.baseUrl)
      .post('/api/settings')
      .set('Cookie', fx.admin.cookie)
      .send({ key: 'email', value: { ...smtp.emailSettings(), imap } })
      .expect(200);
    return { cookie: fx.admin.cookie, okStatus: 200 };
  },
  'GET /api/harvest/projects': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'GET /api/harvest/projects/:projectId/tasks': (fx) => ({
    cookie: fx.admin.cookie,
    params: { projectId: '3' },
    okStatus: 200,
  }),
  'GET /api/harvest/tasks/:projectId': (fx) => ({
    cookie: fx.admin.cookie,
    params: { projectId: '3' },
    okStatus: 200,
  }),
  'GET /api/harvest/tasks': (fx) => ({ cookie: fx.admin.cookie, query: { project_id: '3' }, okStatus: 200 }),
  'GET /api/time-entries': (fx) => ({ cookie: fx.admin.cookie, query: { limit: '5' }, okStatus: 200 }),
  'GET /api/time-entries/summary': (fx) => ({
    cookie: fx.admin.cookie,
    query: { today: TODAY },
    okStatus: 200,
  }),
  'POST /api/time-entries': (fx) => ({
    cookie: fx.admin.cookie,
    body: { projectId: 1, taskId: 1, hours: 1.25, notes: 'Printer setup', spentDate: '2026-03-02' },
    okStatus: 201,
  }),
  'PUT /api/time-entries/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTimeEntry(fx) },
    body: { hours: 0.75, notes: 'Printer setup, corrected' },
    okStatus: 200,
  }),
  'DELETE /api/time-entries/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTimeEntry(fx) },
    okStatus: 200,
  }),
  'GET /api/notifications': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  // A ticket the agent assigns to the admin first, so that the admin has a notice to read.
  'POST /api/notifications/read': async (fx) => {
    await request(fx.baseUrl)
      .post('/api/tickets')
      .set('Cookie', fx.agent.cookie)
      .send(newTicketInput({ assignedTo: fx.admin.id }))
      .expect(201);
    return { cookie: fx.admin.cookie, body: { all: true }, okStatus: 200 };
  },
  'GET /api/canned-responses': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/canned-responses': (fx) => ({
    cookie: fx.admin.cookie,
    body: { name: 'Restart', body: 'Hi {{requester.firstName}}, please restart.', scope: 'team' },
    okStatus: 201,
  }),
  'PUT /api/canned-responses/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createCannedResponse(fx) },
    body: { name: 'Restart, then call us' },
    okStatus: 200,
  }),
  'DELETE /api/canned-responses/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createCannedResponse(fx) },
    okStatus: 204,
  }),
  'GET /api/views': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/views': (fx) => ({
    cookie: fx.admin.cookie,
    body: { name: `High ${crypto.randomUUID()}`, scope: 'team', query: { priority: 'high' } },
    okStatus: 201,
  }),
  'PUT /api/views/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createSavedView(fx) },
    body: { name: `Urgent ${crypto.randomUUID()}`, query: { priority: 'high', sort: 'updatedAt' } },
    okStatus: 200,
  }),
  'DELETE /api/views/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createSavedView(fx) },
    okStatus: 204,
  }),
  'GET /api/ticket-fields': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/ticket-fields': (fx) => ({ cookie: fx.admin.cookie, body: newTicketField(), okStatus: 201 }),
  'PUT /api/ticket-fields/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicketField(fx) },
    body: { label: 'Asset number' },
    okStatus: 200,
  }),
  'GET /api/tags': (fx) => ({ cookie: fx.admin.cookie, query: { search: 'vi', limit: '5' }, okStatus: 200 }),
  'GET /api/groups': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/groups': (fx) => ({ cookie: fx.admin.cookie, body: newGroup(), okStatus: 201 }),
  'PUT /api/groups/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createGroup(fx) },
    body: { description: 'Switches and Wi-Fi' },
    okStatus: 200,
  }),
  'DELETE /api/groups/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createGroup(fx) },
    okStatus: 204,
  }),
  'GET /api/rules': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/rules': (fx) => ({
    cookie: fx.admin.cookie,
    body: { ...newRule(), active: false },
    okStatus: 201,
  }),
  'PUT /api/rules/order': async (fx) => {
    await createRule(fx);
    const res = await request(fx.baseUrl).get('/api/rules').set('Cookie', fx.admin.cookie).expect(200);
    const ids = (res.body.rules as { id: string }[]).map((rule) => rule.id);
    return { cookie: fx.admin.cookie, body: { ids: ids.reverse() }, okStatus: 200 };
  },
  'POST /api/rules/preview': (fx) => ({
    cookie: fx.admin.cookie,
    body: { kind: 'trigger', conditions: newRule().conditions },
    okStatus: 200,
  }),
  'PUT /api/rules/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createRule(fx) },
    body: { ...newRule(), active: false },
    okStatus: 200,
  }),
  'DELETE /api/rules/:id': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createRule(fx) },
    okStatus: 204,
  }),
  'GET /api/rules/:id/runs': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createRule(fx) },
    query: { limit: '5' },
    okStatus: 200,
  }),
  'POST /api/tickets/:id/apply-response': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    body: { responseId: await createCannedResponse(fx, { priority: 'high' }) },
    okStatus: 200,
  }),
  'POST /api/tickets/merge': async (fx) => ({
    cookie: fx.admin.cookie,
    body: { ticketIds: [await createTicket(fx)], targetId: await createTicket(fx) },
    okStatus: 200,
  }),
  'POST /api/tickets/:id/merge': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    body: { targetId: await createTicket(fx) },
    okStatus: 200,
  }),
  'GET /api/timer': (fx) => ({ cookie: fx.admin.cookie, okStatus: 200 }),
  'POST /api/tickets/:id/timer': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 201,
  }),
  // A running timer first, so that stopping it changes something.
  'DELETE /api/timer': async (fx) => {
    await request(fx.baseUrl)
      .post(`/api/tickets/${await createTicket(fx)}/timer`)
      .set('Cookie', fx.admin.cookie)
      .expect(201);
    return { cookie: fx.admin.cookie, okStatus: 200 };
  },
  'GET /api/harvest/users': async (fx) => {
    await saveHarvestCredentials(fx);
    return { cookie: fx.admin.cookie, okStatus: 200 };
  },
  // An agent whose address is a Harvest user's, unmatched first, so that matching changes something.
  'POST /api/harvest/users/match': async (fx) => {
    await saveHarvestCredentials(fx);
    const samId = await userWithEmail(fx, 'sam.okafor@example.com');
    await request(fx.baseUrl)
      .put(`/api/users/${samId}/harvest-user`)
      .set('Cookie', fx.admin.cookie)
      .send({ harvestUserId: null })
      .expect(200);
    return { cookie: fx.admin.cookie, okStatus: 200 };
  },
  'GET /api/harvest/mapping': (fx) => ({ cookie: fx.agent.cookie, okStatus: 200 }),
  'PUT /api/users/:id/harvest-user': async (fx) => ({
    cookie: fx.admin.cookie,
    params: { id: (await fx.registerUser()).id },
    // A Harvest user nobody else has: each call maps a new agent to a new one.
    body: { harvestUserId: 500_000 + crypto.randomInt(1_000_000) },
    okStatus: 200,
  }),
  'GET /api/reports': (fx) => ({ cookie: fx.admin.cookie, query: reportQuery(), okStatus: 200 }),
  'GET /api/reports/time-entries.csv': (fx) => ({
    cookie: fx.admin.cookie,
    query: reportQuery(),
    okStatus: 200,
  }),
  // Every signed-in user reads it, agents too.
  'GET /api/reports/sla': (fx) => ({ cookie: fx.agent.cookie, query: reportQuery(), okStatus: 200 }),
  'GET /api/reports/loans': (fx) => ({ cookie: fx.agent.cookie, query: reportQuery(), okStatus: 200 }),
  // A dropdown field to report on (the same one however often the example is built).
  'GET /api/reports/fields/:key': async (fx) => {
    await fx.t.db
      .insert(ticketFields)
      .values({
        key: 'report_example',
        label: 'Report Example',
        type: 'dropdown',
        options: [{ value: 'a', label: 'A', active: true }],
        position: 99,
      })
      .onConflictDoNothing();
    return {
      cookie: fx.agent.cookie,
      params: { key: 'report_example' },
      query: reportQuery(),
      okStatus: 200,
    };
  },
  'GET /api/portal/status': () => ({ okStatus: 200 }),
  'GET /api/openapi.json': () => ({ okStatus: 200 }),
  'POST /api/portal/sign-in': (fx) => ({ body: { email: fx.requester.email }, okStatus: 202 }),
  'POST /api/portal/sign-in/:token': async (fx) => ({
    params: { token: await insertSignInLink(fx.t.db, fx.requester.email) },
    okStatus: 200,
  }),
  'POST /api/portal/sign-out': async (fx) => ({ cookie: (await fx.newRequester()).cookie, okStatus: 200 }),
  'GET /api/portal/me': (fx) => ({ cookie: fx.requester.cookie, okStatus: 200 }),
  'GET /api/portal/permissions': (fx) => ({ cookie: fx.requester.cookie, okStatus: 200 }),
  'GET /api/portal/tickets': (fx) => ({
    cookie: fx.requester.cookie,
    query: { status: 'open', page: '1' },
    okStatus: 200,
  }),
  'POST /api/portal/tickets': async (fx) => ({
    cookie: fx.requester.cookie,
    body: {
      subject: 'Scanner offline',
      text: 'Since this morning.',
      customFields: { [await portalField(fx)]: 'Floor 3' },
    },
    okStatus: 201,
  }),
  'GET /api/portal/tickets/:id': (fx) => ({
    cookie: fx.requester.cookie,
    params: { id: fx.requester.ticketId },
    okStatus: 200,
  }),
  'POST /api/portal/tickets/:id/messages': (fx) => ({
    cookie: fx.requester.cookie,
    params: { id: fx.requester.ticketId },
    body: { text: 'Still jammed.' },
    okStatus: 201,
  }),
  'GET /api/portal/fields': (fx) => ({ cookie: fx.requester.cookie, okStatus: 200 }),
  'GET /api/portal/attachments/:id': async (fx) => ({
    cookie: fx.requester.cookie,
    params: { id: await storeRequesterFile(fx) },
    query: { inline: '0' },
    okStatus: 200,
  }),
  'GET /api/portal/ratings/:token': async (fx) => ({
    params: { token: await createRatingLink(fx) },
    okStatus: 200,
  }),
  'POST /api/portal/ratings/:token': async (fx) => ({
    params: { token: await createRatingLink(fx) },
    body: { score: 'good', comment: 'Quick and friendly' },
    okStatus: 200,
  }),
  'GET /api/tickets/:id/ratings': async (fx) => ({
    cookie: fx.agent.cookie,
    params: { id: await createTicket(fx) },
    okStatus: 200,
  }),
  'GET /api/reports/csat': (fx) => ({ cookie: fx.agent.cookie, query: reportQuery(), okStatus: 200 }),
};

/** The example as a raw request, with `headers` added (Origin, Sec-Fetch-Site, …). */
export function exampleToRaw(
  route: { method: string; path: string },
  example: ExampleRequest,
  headers: Record<string, string> = {},
): RawRequest {
  const query = queryString(example.query);
  const target = fillPath(route.path, example.params ?? {}) + (query ? `?${query}` : '');
  const all: Record<string, string> = { ...headers };
  if (example.cookie) all.cookie = example.cookie;
  if (example.bearer) all.authorization = `Bearer ${example.bearer}`;
  if (example.rawBody) all['content-type'] ??= example.rawBody.contentType;
  if (example.body !== undefined) all['content-type'] ??= 'application/json';
  return {
    method: route.method,
    target,
    headers: all,
    body: example.rawBody
      ? example.rawBody.content
      : example.body === undefined
        ? undefined
        : JSON.stringify(example.body),
  };
}
