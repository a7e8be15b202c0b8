/**
 * Issue 41: while the portal is on, every reply email ends with a link to its ticket in the portal
 * (PUBLIC_URL/portal/tickets/<id>); while it is off, the email is the reply as written.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTicket } from '../../test/support/tickets';
import { savePortal } from '../../test/support/portal';
import { createReplyTestApp, postReply, waitForStatus, type ReplyTestApp } from '../../test/support/replies';

const PUBLIC_URL = 'https://help.contoso.example';

let r: ReplyTestApp;
beforeAll(async () => {
  r = await createReplyTestApp({ PUBLIC_URL });
  await r.startSender();
});
afterAll(() => r.close());
beforeEach(() => r.smtp.clear());

/** The text of the email a reply to a new ticket sends. */
async function mailedText(body: string): Promise<{ text: string; ticketId: string }> {
  const ticket = await createTicket(r.agent);
  const res = await postReply(r.agent, ticket.id, body).expect(201);
  await waitForStatus(r.t.database.db, res.body.message.id, ['sent']);
  const [mail] = await r.smtp.waitForMessages(1);
  return { text: mail!.text, ticketId: ticket.id };
}

describe('the portal link of reply emails', () => {
  it('when the portal is on, then the reply email ends with a line linking its ticket in the portal', async () => {
    await savePortal(r.admin, { enabled: true });
    const { text, ticketId } = await mailedText('The drum is replaced.');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('The drum is replaced.');
    expect(lines.at(-1)).toContain(`${PUBLIC_URL}/portal/tickets/${ticketId}`);
  });

  it('when the portal is off, then the reply email is the reply as written, without a link', async () => {
    await savePortal(r.admin, { enabled: false });
    const { text } = await mailedText('The drum is replaced.');
    expect(text.trim()).toBe('The drum is replaced.');
    expect(text).not.toContain('/portal/');
  });
});
