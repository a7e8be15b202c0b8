/**
 * Linking a loan to a ticket the caller may not see (issue 42 with issue 39's private groups): the
 * same 400 "Ticket does not exist" naming ticketId as for an unknown ticket, so the answer does not
 * tell that the ticket exists. A member or an admin links it; a loan already tied to it by someone
 * else keeps its link through an outsider's edit.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '@shared/contracts/assets';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { Ticket } from '@shared/contracts/tickets';
import { createTicket } from '../../test/support/tickets';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedInUser;
let outsider: SignedInUser;
let hidden: Ticket;
let visible: Ticket;

const loanBody = (overrides: Record<string, unknown> = {}) => ({
  productType: 'laptop',
  personName: 'Robin Reyes',
  phone: '555-0100',
  officeNumber: 'B-204',
  checkoutDate: '2026-12-01',
  expectedReturnDate: '2026-12-04',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent: outsider } = await signedInAdminAndAgent(t.app));
  const group = await admin.agent
    .post('/api/groups')
    .send({ name: `HR-IT ${crypto.randomUUID().slice(0, 8)}`, private: true, members: [] })
    .expect(201);
  hidden = await createTicket(admin.agent, { groupId: group.body.group.id });
  visible = await createTicket(admin.agent);
});
afterAll(() => t.close());

const refusal = { ticketId: [ASSET_MESSAGES.unknownTicket] };

describe('linking a loan to a ticket of a private group', () => {
  it('when an agent outside the group lends for it, then the same 400 as an unknown ticket, and nothing is written', async () => {
    const unknown = await outsider.agent
      .post('/api/loaner-equipment')
      .send(loanBody({ ticketId: crypto.randomUUID() }))
      .expect(400);
    const res = await outsider.agent
      .post('/api/loaner-equipment')
      .send(loanBody({ ticketId: hidden.id, personName: 'Hidden Link' }))
      .expect(400);
    expect(res.body.fieldErrors).toEqual(refusal);
    expect(res.body).toEqual(unknown.body);
    const listed = await admin.agent
      .get('/api/loaner-equipment')
      .query({ search: 'Hidden Link' })
      .expect(200);
    expect(listed.body).toEqual([]);
  });

  it('when an agent outside the group moves a loan to it, then 400 naming ticketId and the loan keeps its ticket', async () => {
    const loan = (
      await outsider.agent
        .post('/api/loaner-equipment')
        .send(loanBody({ ticketId: visible.id }))
        .expect(201)
    ).body as LoanerEquipmentRecord;
    const res = await outsider.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ ticketId: hidden.id })
      .expect(400);
    expect(res.body.fieldErrors).toEqual(refusal);
    const list = await admin.agent.get(`/api/tickets/${visible.id}/loans`).expect(200);
    expect(list.body.loans.map((row: LoanerEquipmentRecord) => row.id)).toEqual([loan.id]);
  });

  it('when the admin links it, then 201; the outsider may still edit that loan without touching its link', async () => {
    const loan = (
      await admin.agent
        .post('/api/loaner-equipment')
        .send(loanBody({ ticketId: hidden.id }))
        .expect(201)
    ).body as LoanerEquipmentRecord;
    expect(loan.ticketId).toBe(hidden.id);
    // The edit form sends the whole loan back, its ticket included.
    const edited = await outsider.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ ticketId: hidden.id, notes: 'Charger included' })
      .expect(200);
    expect(edited.body).toMatchObject({ ticketId: hidden.id, notes: 'Charger included' });
    // Unlinking needs no sight of the ticket.
    await outsider.agent.put(`/api/loaner-equipment/${loan.id}`).send({ ticketId: null }).expect(200);
  });
});
