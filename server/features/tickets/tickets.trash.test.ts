import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketEvent, TicketListItem } from '@shared/contracts/tickets';
import { tickets, timeEntries } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { purgeExpiredTickets } from './purge-deleted-tickets.job';
import { lockTicketsByNumber } from '../../core/tickets/tickets.service';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let agent: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  // The first account of a fresh install, registered from the machine itself, is the admin.
  admin = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Admin' });
  agent = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Agent' });
  expect(admin.user.role).toBe('admin');
  expect(agent.user.role).toBe('agent');
});
afterAll(() => t.close());

const listIds = async (who: typeof admin, query: Record<string, string> = {}) => {
  const res = await who.agent
    .get('/api/tickets')
    .query({ limit: '100', ...query })
    .expect(200);
  return {
    ids: (res.body.tickets as TicketListItem[]).map((ticket) => ticket.id),
    total: res.body.total as number,
  };
};

const kinds = async (id: string) => {
  const res = await admin.agent.get(`/api/tickets/${id}/activity`).expect(200);
  return (res.body.events as TicketEvent[]).map((event) => [event.kind, event.actor?.firstName ?? null]);
};

const setDeletion = (value: unknown) =>
  admin.agent.post('/api/settings').send({ key: 'ticket_deletion', value });

describe('the Trash', () => {
  it('when an agent deletes a ticket, then it leaves the list and its total, answers 404 to agents, and admins see it in the Trash', async () => {
    const before = await listIds(agent);
    const ticket = await createTicket(agent.agent);
    await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(204);

    const after = await listIds(agent);
    expect(after.ids).not.toContain(ticket.id);
    expect(after.total).toBe(before.total);
    for (const path of ['', '/activity', '/messages', '/check-updates?since=2026-03-01T00:00:00Z']) {
      await agent.agent.get(`/api/tickets/${ticket.id}${path}`).expect(404);
    }
    await agent.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(404);
    await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(404);

    const shown = await admin.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(shown.body.ticket.deletedAt).not.toBeNull();
    await agent.agent.get('/api/tickets').query({ deleted: 'true' }).expect(403);
    const trash = await listIds(admin, { deleted: 'true' });
    expect(trash.ids).toContain(ticket.id);
    expect(trash.total).toBe(trash.ids.length);
    expect(await kinds(ticket.id)).toEqual([
      ['created', 'Sam'],
      ['deleted', 'Sam'],
    ]);
  });

  it('when a ticket is in the Trash, then its last change is its deletion: the Trash names the deleter from lastUpdatedBy, and nobody changes it there', async () => {
    const ticket = await createTicket(admin.agent);
    await admin.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(200);
    await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(204);

    const trash = await admin.agent.get('/api/tickets').query({ deleted: 'true', limit: '100' }).expect(200);
    const listed = (trash.body.tickets as TicketListItem[]).find((item) => item.id === ticket.id);
    expect(listed).toMatchObject({ lastUpdatedBy: agent.user.id, deletedAt: expect.any(String) });
    const refused = await admin.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'low' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const [row] = await t.database.db
      .select({ lastUpdatedBy: tickets.lastUpdatedBy })
      .from(tickets)
      .where(eq(tickets.id, ticket.id));
    expect(row?.lastUpdatedBy).toBe(agent.user.id);
  });

  it('when an admin restores a ticket, then it is back with its notes and time entries; agents may not restore', async () => {
    const ticket = await createTicket(agent.agent);
    await agent.agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Keep me' }).expect(201);
    await t.database.db.insert(timeEntries).values({
      ticketId: ticket.id,
      harvestProjectId: 3,
      harvestProjectName: 'Support',
      harvestTaskId: 1,
      harvestTaskName: 'Tickets',
      hours: 2,
      notes: 'Fixed it.',
      spentDate: '2026-03-04',
      userId: agent.user.id,
    });
    await agent.agent
      .delete('/api/tickets/bulk')
      .send({ ticketIds: [ticket.id] })
      .expect(200);
    await agent.agent.post(`/api/tickets/${ticket.id}/restore`).expect(403);

    const restored = await admin.agent.post(`/api/tickets/${ticket.id}/restore`).expect(200);
    expect(restored.body.ticket.deletedAt).toBeNull();
    expect(restored.body.ticket.notes).toContain('Keep me');
    const entries = await t.database.db.select().from(timeEntries).where(eq(timeEntries.ticketId, ticket.id));
    expect(entries).toHaveLength(1);
    expect((await listIds(agent)).ids).toContain(ticket.id);
    await admin.agent.post(`/api/tickets/${ticket.id}/restore`).expect(404);
    expect((await kinds(ticket.id)).slice(-2)).toEqual([
      ['deleted', 'Sam'],
      ['restored', 'Ada'],
    ]);
  });

  it('when an admin purges a ticket, then it is gone for everyone; an agent may not purge', async () => {
    const ticket = await createTicket(agent.agent);
    const refused = await agent.agent.delete(`/api/tickets/${ticket.id}?purge=true`).expect(403);
    expect(refused.body.message).toBe('Only administrators may see, restore or purge deleted tickets');
    await admin.agent.delete(`/api/tickets/${ticket.id}?purge=yes`).expect(400);
    await admin.agent.delete(`/api/tickets/${ticket.id}?purge=true`).expect(204);
    await admin.agent.get(`/api/tickets/${ticket.id}`).expect(404);
  });

  it('when the setting says admins only, then agents may not delete, one by one or in bulk; bad values are 400 naming the field', async () => {
    const bad = await setDeletion({ allowed: 'admins', retentionDays: 0 }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('retentionDays');
    await setDeletion({ allowed: 'nobody', retentionDays: 30 }).expect(400);
    await agent.agent
      .post('/api/settings')
      .send({ key: 'ticket_deletion', value: { allowed: 'everyone', retentionDays: 30 } })
      .expect(403);
    await setDeletion({ allowed: 'admins', retentionDays: 30 }).expect(200);
    const read = await agent.agent.get('/api/settings/ticket_deletion').expect(200);
    expect(read.body).toEqual({ allowed: 'admins', retentionDays: 30 });

    const ticket = await createTicket(agent.agent);
    const refused = await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(403);
    expect(refused.body.message).toBe('Only administrators may delete tickets');
    await agent.agent
      .delete('/api/tickets/bulk')
      .send({ ticketIds: [ticket.id] })
      .expect(403);
    await admin.agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    await setDeletion({ allowed: 'everyone', retentionDays: 30 }).expect(200);
  });

  it('when a ticket has been in the Trash longer than the retention days, then the purge job removes it, and only it', async () => {
    await setDeletion({ allowed: 'everyone', retentionDays: 10 }).expect(200);
    const old = await createTicket(agent.agent);
    const recent = await createTicket(agent.agent);
    for (const ticket of [old, recent]) await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    await t.database.db
      .update(tickets)
      .set({ deletedAt: sql`now() - interval '11 days'` })
      .where(eq(tickets.id, old.id));
    await t.database.db
      .update(tickets)
      .set({ deletedAt: sql`now() - interval '9 days'` })
      .where(eq(tickets.id, recent.id));
    expect(await purgeExpiredTickets(t.database.db)).toBe(1);
    await admin.agent.get(`/api/tickets/${old.id}`).expect(404);
    await admin.agent.get(`/api/tickets/${recent.id}`).expect(200);
    await setDeletion({ allowed: 'everyone', retentionDays: 30 }).expect(200);
  });

  it('when an email names a deleted ticket, then threading does not find it (a new ticket opens)', async () => {
    const ticket = await createTicket(agent.agent);
    await agent.agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    const found = await t.database.db.transaction((tx) => lockTicketsByNumber(tx, [ticket.ticketNumber]));
    expect(found).toEqual([]);
  });
});
