/**
 * Private groups (issue 39): a private group's ticket, with its note, message, time entry, tag and a
 * notice about it, is absent from every route of the inventory for a signed-in agent who is not a
 * member, and its own routes answer 404; its member and the admin see it. The walk reads every GET
 * route an agent may call, so a new route that leaks it fails here without a test of its own.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, timeEntries } from '@shared/schema';
import { ROUTE_EXAMPLES, exampleToRaw, reportQuery, type ExampleRequest } from './route-examples';
import { routeKey, ROUTES, type RouteEntry } from './route-inventory';
import { sendRaw } from './raw-request';
import { startSecurityFixture, type SecurityFixture, type SignedInUser } from './security-fixture';

let fx: SecurityFixture;
let member: SignedInUser;
let outsider: SignedInUser;
const marker = `Salary${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
let ticket: { id: string; ticketNumber: string };
let groupId: string;

const api = () => request(fx.baseUrl);

beforeAll(async () => {
  fx = await startSecurityFixture();
  member = await fx.newSignedInUser();
  outsider = fx.agent;
  const group = await api()
    .post('/api/groups')
    .set('Cookie', fx.admin.cookie)
    .send({ name: `HR-IT ${crypto.randomUUID().slice(0, 8)}`, private: true, members: [member.id] })
    .expect(201);
  groupId = group.body.group.id;
  const created = await api()
    .post('/api/tickets')
    .set('Cookie', member.cookie)
    .send({
      subject: `${marker} salary system`,
      body: `The ${marker} export fails.`,
      fromEmail: 'hr.lead@contoso.com',
      fromName: 'Hana Reyes',
      groupId,
      assignedTo: member.id,
      tags: [marker.toLowerCase()],
    })
    .expect(201);
  ticket = created.body.ticket;
  const me = await api().get('/api/auth/user').set('Cookie', outsider.cookie).expect(200);
  // A note that mentions the outsider: a notice about the ticket is raised for them.
  await api()
    .post(`/api/tickets/${ticket.id}/notes`)
    .set('Cookie', member.cookie)
    .send({ text: `@${me.body.firstName} ${me.body.lastName} see ${marker}` })
    .expect(201);
  await fx.t.db.insert(ticketMessages).values({
    ticketId: ticket.id,
    direction: 'inbound',
    fromEmail: 'hr.lead@contoso.com',
    fromName: 'Hana Reyes',
    toEmail: 'help@example.com',
    subject: `Re: ${marker}`,
    body: `More about ${marker}`,
    status: 'received',
  });
  // Time logged on the ticket (the entries API never takes a ticket: closing with time does).
  await fx.t.db.insert(timeEntries).values({
    ticketId: ticket.id,
    harvestProjectId: 1,
    harvestProjectName: 'Administrative',
    harvestTaskId: 1,
    harvestTaskName: 'Support',
    hours: 1.5,
    notes: `Fixed ${marker}`,
    spentDate: new Date().toISOString().slice(0, 10),
    userId: member.id,
  });
});
afterAll(() => fx.close());

const agentGets = ROUTES.filter((route) => route.method === 'GET' && route.access === 'authenticated');

/**
 * The route's example as `who` sends it, with the queries that would find the ticket: the list
 * searches for its marker, the reports cover today's week.
 */
async function exampleAs(route: RouteEntry, who: SignedInUser): Promise<ExampleRequest> {
  const example = await ROUTE_EXAMPLES[routeKey(route)](fx);
  const findingQueries: Record<string, Record<string, string>> = {
    'GET /api/tickets': { search: marker },
  };
  const query = route.path.startsWith('/api/reports')
    ? { ...example.query, ...reportQuery(new Date().toISOString().slice(0, 10)) }
    : (findingQueries[routeKey(route)] ?? example.query);
  return { ...example, query, cookie: who.cookie };
}

/** Whether an answer shows anything of the private ticket. */
const shows = (text: string) =>
  [marker, marker.toLowerCase(), ticket.id, ticket.ticketNumber].some((trace) => text.includes(trace));

describe('a private group seen by an agent who is not a member', () => {
  it.each(agentGets.map((route) => [routeKey(route), route] as const))(
    '%s shows nothing of its ticket',
    async (_key, route) => {
      const res = await sendRaw(fx.baseUrl, exampleToRaw(route, await exampleAs(route, outsider)));
      expect(res.status).toBeLessThan(500);
      expect(shows(res.text), res.text.slice(0, 500)).toBe(false);
    },
  );

  it('the ticket, its messages, activity, update checks and a search for it answer 404 or nothing', async () => {
    for (const path of ['', '/messages', '/activity', '/check-updates?since=2026-01-01T00:00:00Z']) {
      await api().get(`/api/tickets/${ticket.id}${path}`).set('Cookie', outsider.cookie).expect(404);
    }
    await api()
      .put(`/api/tickets/${ticket.id}`)
      .set('Cookie', outsider.cookie)
      .send({ priority: 'high' })
      .expect(404);
    await api()
      .patch('/api/tickets/bulk')
      .set('Cookie', outsider.cookie)
      .send({ ticketIds: [ticket.id], updates: { status: 'in_progress' } })
      .expect(404);
    const search = await api()
      .get(`/api/tickets?search=${marker}`)
      .set('Cookie', outsider.cookie)
      .expect(200);
    expect(search.body.total).toBe(0);
    const inGroup = await api()
      .get(`/api/tickets?group=${groupId}`)
      .set('Cookie', outsider.cookie)
      .expect(200);
    expect(inGroup.body).toMatchObject({ total: 0, tickets: [] });
  });

  it('the group is listed, so tickets can be handed to it, with none of its tickets counted', async () => {
    const groups = await api().get('/api/groups').set('Cookie', outsider.cookie).expect(200);
    expect(groups.body.groups).toContainEqual(
      expect.objectContaining({ id: groupId, private: true, openTickets: 0 }),
    );
    const asMember = await api().get('/api/groups').set('Cookie', member.cookie).expect(200);
    expect(asMember.body.groups).toContainEqual(expect.objectContaining({ id: groupId, openTickets: 1 }));
  });

  it("the figures count what they may see: one open ticket fewer than the admin's, none for the member", async () => {
    const stats = async (who: SignedInUser) =>
      (await api().get('/api/dashboard/stats').set('Cookie', who.cookie).expect(200)).body;
    const [asAdmin, asOutsider] = [await stats(fx.admin), await stats(outsider)];
    expect(asOutsider.open).toBe(asAdmin.open - 1);
    const counts = async (who: SignedInUser) =>
      (await api().get('/api/users/ticket-counts').set('Cookie', who.cookie).expect(200)).body
        .userTicketCounts as {
        userId: string;
        ticketCount: number;
      }[];
    const memberCount = (rows: { userId: string; ticketCount: number }[]) =>
      rows.find((row) => row.userId === member.id)?.ticketCount;
    expect(memberCount(await counts(fx.admin))).toBe(1);
    expect(memberCount(await counts(outsider))).toBe(0);
  });
});

describe('the same private group seen by its member and by the admin', () => {
  it.each([
    ['member', () => member],
    ['admin', () => fx.admin],
  ] as const)(
    'the %s finds it in the list, the search, the group filter, its detail and its notices',
    async (_who, who) => {
      const cookie = who().cookie;
      const list = await api().get(`/api/tickets?search=${marker}`).set('Cookie', cookie).expect(200);
      expect(list.body.tickets.map((row: { id: string }) => row.id)).toEqual([ticket.id]);
      const inGroup = await api().get(`/api/tickets?group=${groupId}`).set('Cookie', cookie).expect(200);
      expect(inGroup.body.total).toBe(1);
      await api().get(`/api/tickets/${ticket.id}`).set('Cookie', cookie).expect(200);
      await api().get(`/api/tickets/${ticket.id}/messages`).set('Cookie', cookie).expect(200);
      const groups = await api().get('/api/groups').set('Cookie', cookie).expect(200);
      expect(groups.body.groups.map((group: { id: string }) => group.id)).toContain(groupId);
    },
  );

  it('the walk would see it: the member finds its traces on the routes that show tickets', async () => {
    const seen: string[] = [];
    for (const route of agentGets) {
      const res = await sendRaw(fx.baseUrl, exampleToRaw(route, await exampleAs(route, member)));
      if (shows(res.text)) seen.push(routeKey(route));
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET /api/tickets',
        'GET /api/time-entries',
        'GET /api/reports/time-entries.csv',
      ]),
    );
  });

  it('the outsider gets the notice about it once they are made a member', async () => {
    const notices = async () =>
      (await api().get('/api/notifications').set('Cookie', outsider.cookie).expect(200)).body;
    expect(shows(JSON.stringify(await notices()))).toBe(false);
    await api()
      .put(`/api/groups/${groupId}`)
      .set('Cookie', fx.admin.cookie)
      .send({ members: [member.id, outsider.id] })
      .expect(200);
    try {
      const after = await notices();
      expect(shows(JSON.stringify(after))).toBe(true);
      expect(after.unreadCount).toBeGreaterThan(0);
    } finally {
      await api()
        .put(`/api/groups/${groupId}`)
        .set('Cookie', fx.admin.cookie)
        .send({ members: [member.id] })
        .expect(200);
    }
  });
});
