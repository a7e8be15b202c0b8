/**
 * Replies From a group's address (issue 39, docs/decisions/126-group-mailboxes.md), end to end: the
 * mail to the group's address opens the ticket in the group (the webhook), the agent's reply leaves
 * through the real test SMTP server From that address, and the requester's answer to it threads back
 * onto the same ticket.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TicketMessage } from '@shared/contracts/messages';
import { createTicket } from '../../test/support/tickets';
import { INBOUND_TOKEN, postRaw, rawMessage, SUPPORT_ADDRESS } from '../../test/support/inbound';
import { createReplyTestApp, postReply, waitForStatus, type ReplyTestApp } from '../../test/support/replies';

const GROUP_ADDRESS = 'network@helpdesk.example.com';

let r: ReplyTestApp;
let groupId: string;
beforeAll(async () => {
  r = await createReplyTestApp({
    INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
    INBOUND_SUPPORT_ADDRESS: SUPPORT_ADDRESS,
  });
  await r.startSender();
  const res = await r.admin
    .post('/api/groups')
    .send({ name: 'Network', emailAddress: GROUP_ADDRESS })
    .expect(201);
  groupId = res.body.group.id;
});
afterAll(() => r.close());
beforeEach(() => {
  r.smtp.accept();
  r.smtp.clear();
});

describe('a reply to a ticket of a group with an address', () => {
  it("when an agent replies, then the email goes From the group's address under the configured name, and the requester's answer threads back onto the ticket", async () => {
    const opening = rawMessage({
      From: 'Rita Requester <rita@example.net>',
      To: `Network <${GROUP_ADDRESS}>`,
      Subject: 'Switch port dead',
      Date: new Date().toUTCString(),
      'Message-ID': '<switch-port@example.net>',
    });
    const opened = await postRaw(r.t.app, opening).expect(201);
    const ticket = opened.body.ticket;
    expect(ticket.groupId).toBe(groupId);

    const reply = await postReply(r.agent, ticket.id, 'Which port?').expect(201);
    const message = reply.body.message as TicketMessage;
    expect(message.fromEmail).toBe(GROUP_ADDRESS);
    const [mail] = await r.smtp.waitForMessages(1);
    const row = await waitForStatus(r.t.database.db, message.id, ['sent']);
    const { firstName, lastName } = r.agentInput;
    expect(mail!.from).toEqual({ name: `${firstName} ${lastName} via Help Desk`, address: GROUP_ADDRESS });
    expect(mail!.envelope.from).toBe(GROUP_ADDRESS);
    expect(mail!.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/@helpdesk\.example\.com$/);
    expect(mail!.inReplyTo).toBe('switch-port@example.net');

    // The requester answers the group's address, in the thread: it joins this ticket, not a new one.
    const answer = rawMessage(
      {
        From: 'Rita Requester <rita@example.net>',
        To: GROUP_ADDRESS,
        Subject: `Re: ${mail!.subject}`,
        Date: new Date().toUTCString(),
        'Message-ID': '<switch-port-answer@example.net>',
        'In-Reply-To': `<${mail!.messageId}>`,
        References: `<switch-port@example.net> <${mail!.messageId}>`,
      },
      'Port 12 on the second floor.',
    );
    const joined = await postRaw(r.t.app, answer).expect(200);
    expect(joined.body).toMatchObject({ created: false, appendedNote: true });
    expect(joined.body.ticket).toMatchObject({ id: ticket.id, groupId });
  });

  it('when the ticket has no group, or its group has no address, then the reply goes From the configured address', async () => {
    const plain = await r.admin.post('/api/groups').send({ name: 'No address' }).expect(201);
    for (const overrides of [{}, { groupId: plain.body.group.id }]) {
      r.smtp.clear();
      const ticket = await createTicket(r.agent, overrides);
      await postReply(r.agent, ticket.id, 'Hello.').expect(201);
      const [mail] = await r.smtp.waitForMessages(1);
      expect(mail!.from?.address).toBe('support@helpdesk.example.com');
    }
  });
});
