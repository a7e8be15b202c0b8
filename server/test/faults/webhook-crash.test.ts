/**
 * No webhook event lost across a crash (issue 43). The app is a real child process killed outright
 * (SIGKILL): once while a delivery is on its way (the receiver holds the request), and once after a
 * change was recorded by a process that does not deliver. Started again, it delivers both, the first
 * with the same delivery id it was sending when it died, in the order the events happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { appRestarts } from './app-restarts';
import { hasPostgresServer } from './app-storage';
import { call, signUpAndIn, waitFor } from './fault-support';

describe(`webhook deliveries across kill -9 (${hasPostgresServer() ? 'PostgreSQL' : 'embedded database'})`, () => {
  const app = appRestarts({
    HARVEST_SYNC_ENABLED: 'false',
    EMAIL_SEND_ENABLED: 'false',
    IMAP_FETCH_ENABLED: 'false',
    WEBHOOK_RETRY_FIRST_DELAY_SECONDS: '0.2',
  });
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it(
    'when the app is killed mid-delivery and after a change it had not delivered, then a restart delivers both, in order, the first with its id',
    { timeout: 150_000 },
    async () => {
      const createTicket = async (port: number, cookie: string, subject: string) => {
        const made = await call(port, 'POST', '/api/tickets', {
          cookie,
          body: { subject, body: 'Down since 9', fromEmail: 'dana@example.net', fromName: 'Dana Scully' },
        });
        expect(made.status).toBe(201);
        return (made.body as { ticket: { id: string } }).ticket.id;
      };

      // The first request is held: the app dies while it waits for the answer.
      receiver.answerWith((_request, index) => (index === 0 ? 'hang' : { status: 200 }));
      const first = await app.start();
      const cookie = await signUpAndIn(first.port);
      const hook = await call(first.port, 'POST', '/api/webhooks', {
        cookie,
        body: { url: receiver.url, events: ['ticket.created'] },
      });
      expect(hook.status).toBe(201);
      const firstTicket = await createTicket(first.port, cookie, 'Crash one');
      await waitFor(() => receiver.received.length === 1, {
        timeoutMs: 20_000,
        what: 'the first delivery on its way',
      });
      first.signal('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

      // A process that does not deliver records a change, and is killed too.
      const second = await app.start({ WEBHOOK_SEND_ENABLED: 'false' });
      const secondTicket = await createTicket(second.port, cookie, 'Crash two');
      second.signal('SIGKILL');
      await second.exited;
      expect(receiver.received).toHaveLength(1);

      // Started again: once the dead run's lease is over, both go out.
      const third = await app.start();
      await waitFor(() => receiver.received.length >= 3, {
        timeoutMs: 60_000,
        what: 'both delivered',
        intervalMs: 100,
      });
      await third.stop();
      const payloads = receiver.received.map(
        (request) => JSON.parse(request.body) as { id: string; data: { ticket: { id: string } } },
      );
      expect(payloads.map((payload) => payload.data.ticket.id)).toEqual([
        firstTicket,
        firstTicket,
        secondTicket,
      ]);
      // The one cut off is sent again under the same id: the receiver can tell it saw it.
      expect(payloads[1]!.id).toBe(payloads[0]!.id);
      expect(receiver.received[1]!.headers['x-helpdesk-delivery']).toBe(payloads[0]!.id);
    },
  );
});
