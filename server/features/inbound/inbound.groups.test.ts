/**
 * Routing inbound mail by address (issue 39, docs/decisions/126-group-mailboxes.md): a new ticket
 * opens in the group whose address the message was sent to, whichever way it came (the webhook's
 * JSON `to`, a raw message's Delivered-To, To or Cc); a reply to an existing ticket never moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOUND_MESSAGES } from '@shared/contracts/inbound';
import { signedInAgent, type TestApp } from '../../test/test-app';
import {
  createInboundTestApp,
  emailPayload,
  postEmail,
  postRaw,
  rawMessage,
} from '../../test/support/inbound';

let t: TestApp;
let network: { id: string; emailAddress: string };
let hr: { id: string; emailAddress: string };
let plain: { id: string };

beforeAll(async () => {
  t = await createInboundTestApp();
  const { agent: admin } = await signedInAgent(t.app);
  const create = async (body: Record<string, unknown>) =>
    (await admin.post('/api/groups').send(body).expect(201)).body.group;
  network = await create({ name: 'Network', emailAddress: 'Network@Helpdesk.example.com' });
  hr = await create({ name: 'HR-IT', emailAddress: 'hr-it@helpdesk.example.com' });
  plain = await create({ name: 'No address' });
});
afterAll(() => t.close());

let counter = 0;
/** A raw message with its own Message-ID and these extra header fields. */
function raw(headers: Record<string, string>) {
  counter += 1;
  return rawMessage({
    From: `Sam Sender <sam.${counter}@example.net>`,
    Subject: `Routed ${counter}`,
    Date: 'Sun, 01 Mar 2026 09:30:00 +0000',
    'Message-ID': `<routed-${counter}.${Date.now()}@example.net>`,
    ...headers,
  });
}

describe('the webhook payload', () => {
  it("when `to` names a group's address in another letter case, then the new ticket opens in that group", async () => {
    const res = await postEmail(t.app, emailPayload({ to: 'NETWORK@helpdesk.example.com' })).expect(201);
    expect(res.body.ticket.groupId).toBe(network.id);
  });

  it('when `to` is a list naming two groups, then the first one listed decides', async () => {
    const res = await postEmail(
      t.app,
      emailPayload({ to: ['someone@else.example', `HR <${hr.emailAddress}>`, network.emailAddress] }),
    ).expect(201);
    expect(res.body.ticket.groupId).toBe(hr.id);
  });

  it("when `to` names no group's address, or is left out, then the ticket has no group, as before", async () => {
    const withTo = await postEmail(t.app, emailPayload({ to: 'support@helpdesk.example.com' })).expect(201);
    expect(withTo.body.ticket.groupId).toBeNull();
    const without = await postEmail(t.app, emailPayload()).expect(201);
    expect(without.body.ticket.groupId).toBeNull();
  });

  it("when only the payload's headers carry the group's address (To), then that routes it", async () => {
    const res = await postEmail(
      t.app,
      emailPayload({ headers: { To: `"Network team" <${network.emailAddress}>` } }),
    ).expect(201);
    expect(res.body.ticket.groupId).toBe(network.id);
  });

  it.each([
    ['a number', 42],
    ['an object', { address: 'x@y.example' }],
    ['a list of 101 addresses', Array.from({ length: 101 }, (_, n) => `a${n}@example.net`)],
  ])('when `to` is %s, then 400 naming `to` and nothing is created', async (_what, to) => {
    const res = await postEmail(t.app, emailPayload({ to })).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['to']);
    expect(res.body.fieldErrors.to).toEqual([INBOUND_MESSAGES.toInvalid]);
  });

  it("when a message comes From a group's address, then it is our own mail coming back: acknowledged, not a ticket", async () => {
    const res = await postEmail(t.app, emailPayload({ from: `Network <${network.emailAddress}>` })).expect(
      202,
    );
    expect(res.body).toEqual({ accepted: true, ignored: 'own_address' });
  });
});

describe('a raw message (message/rfc822)', () => {
  it('when Delivered-To names one group and To another, then Delivered-To decides', async () => {
    const res = await postRaw(
      t.app,
      raw({ 'Delivered-To': hr.emailAddress, To: network.emailAddress }),
    ).expect(201);
    expect(res.body.ticket.groupId).toBe(hr.id);
  });

  it('when To names a group and Cc another, then To decides; with the group only in Cc, Cc does', async () => {
    const byTo = await postRaw(
      t.app,
      raw({ To: `Support <support@helpdesk.example.com>, ${network.emailAddress}`, Cc: hr.emailAddress }),
    ).expect(201);
    expect(byTo.body.ticket.groupId).toBe(network.id);
    const byCc = await postRaw(
      t.app,
      raw({ To: 'support@helpdesk.example.com', Cc: `"HR IT" <${hr.emailAddress.toUpperCase()}>` }),
    ).expect(201);
    expect(byCc.body.ticket.groupId).toBe(hr.id);
  });

  it('when Delivered-To occurs twice, then the first in header order decides', async () => {
    const res = await postRaw(
      t.app,
      raw({ 'Delivered-To': network.emailAddress, 'delivered-to': hr.emailAddress, To: 'x@y.example' }),
    ).expect(201);
    expect(res.body.ticket.groupId).toBe(network.id);
  });

  it("when a reply to a ticket is sent to another group's address, then it joins the ticket, which stays in its group", async () => {
    const first = raw({ To: network.emailAddress });
    const opened = await postRaw(t.app, first).expect(201);
    expect(opened.body.ticket.groupId).toBe(network.id);
    const firstId = /Message-ID: <([^>]+)>/.exec(first.toString())![1]!;
    const from = /From: ([^\r\n]+)/.exec(first.toString())![1]!;
    const reply = rawMessage({
      From: from,
      To: hr.emailAddress,
      Subject: 'Re: routed',
      Date: 'Sun, 01 Mar 2026 10:30:00 +0000',
      'Message-ID': `<reply-${Date.now()}@example.net>`,
      'In-Reply-To': `<${firstId}>`,
    });
    const answered = await postRaw(t.app, reply).expect(200);
    expect(answered.body).toMatchObject({ created: false, appendedNote: true });
    expect(answered.body.ticket.id).toBe(opened.body.ticket.id);
    expect(answered.body.ticket.groupId).toBe(network.id);
  });

  it('when the group has no address, then no mail is routed to it', async () => {
    const res = await postRaw(t.app, raw({ To: 'no-address@helpdesk.example.com' })).expect(201);
    expect(res.body.ticket.groupId).toBeNull();
    expect(res.body.ticket.groupId).not.toBe(plain.id);
  });
});
