import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookDelivery } from '@shared/contracts/webhooks';
import {
  canRedeliver,
  DELIVERIES_POLL_MS,
  deliveriesPollInterval,
  deliveryEventLabel,
  deliveryResponse,
  deliveryState,
  eventsSummary,
  formatDuration,
  loadedDeliveries,
} from './webhook-deliveries';

const delivery = (id: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event: 'ticket.created',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  durationMs: 42,
  at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

describe('a webhook’s deliveries', () => {
  it('when a delivery waits, then it is Sending before its first attempt and Retrying after one', () => {
    expect(deliveryState({ status: 'retrying', attempts: 0 })).toBe('sending');
    expect(deliveryState({ status: 'retrying', attempts: 2 })).toBe('retrying');
    expect(deliveryState({ status: 'delivered', attempts: 1 })).toBe('delivered');
    expect(deliveryState({ status: 'failed', attempts: 0 })).toBe('failed');
  });

  it('when the receiver answered, then the response shows its code, its error, both, or a dash', () => {
    expect(deliveryResponse({ lastStatusCode: 200, lastError: null })).toBe('200');
    expect(deliveryResponse({ lastStatusCode: 500, lastError: 'Internal error' })).toBe(
      '500 · Internal error',
    );
    expect(deliveryResponse({ lastStatusCode: null, lastError: 'No answer within 10 s' })).toBe(
      'No answer within 10 s',
    );
    expect(deliveryResponse({ lastStatusCode: null, lastError: '  ' })).toBe('—');
  });

  it('when an attempt was timed, then its duration reads in ms below a second and in seconds above', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(85)).toBe('85 ms');
    expect(formatDuration(1_000)).toBe('1 s');
    expect(formatDuration(1_240)).toBe('1.2 s');
    expect(formatDuration(10_000)).toBe('10 s');
  });

  it('when the event is the ping or a rule’s, then it has a name too', () => {
    expect(deliveryEventLabel('ping')).toBe('Ping (test)');
    expect(deliveryEventLabel('rule.matched')).toBe('Rule matched');
    expect(deliveryEventLabel('ticket.created')).toBe('Ticket created');
  });

  it('when one is on its way, or just after Send Test or Redeliver, then the list is read every 2 s; else not', () => {
    const now = 1_000_000;
    expect(deliveriesPollInterval([{ status: 'delivered' }, { status: 'retrying' }], 0, now)).toBe(
      DELIVERIES_POLL_MS,
    );
    expect(deliveriesPollInterval([{ status: 'delivered' }, { status: 'failed' }], 0, now)).toBe(false);
    expect(deliveriesPollInterval([], now + 1, now)).toBe(DELIVERIES_POLL_MS);
    expect(deliveriesPollInterval([{ status: 'delivered' }], now, now)).toBe(false);
  });

  it('when a redelivered one moved to the top while an older page still holds it, then it shows once, at the top', () => {
    const pages = [
      { deliveries: [delivery('c'), delivery('b')] },
      { deliveries: [delivery('c'), delivery('a')] },
    ];
    expect(loadedDeliveries(pages).map((each) => each.id)).toEqual(['c', 'b', 'a']);
  });

  it('when a delivery is on its way, then Redeliver is not offered', () => {
    expect(canRedeliver({ status: 'retrying' })).toBe(false);
    expect(canRedeliver({ status: 'delivered' })).toBe(true);
    expect(canRedeliver({ status: 'failed' })).toBe(true);
  });
});

describe('a webhook’s events in its row', () => {
  it('when every event is chosen, then it says All events', () => {
    expect(eventsSummary([...WEBHOOK_EVENTS])).toEqual({ shown: 'All events', all: 'All events' });
  });

  it('when up to three are chosen, then each is named, in the contract’s order', () => {
    expect(eventsSummary(['ticket.closed', 'ticket.created']).shown).toBe('Ticket created, Ticket closed');
  });

  it('when more are chosen, then two are named and the rest counted, all of them kept for screen readers', () => {
    const summary = eventsSummary(['note.added', 'ticket.created', 'ticket.closed', 'sla.breached']);
    expect(summary.shown).toBe('Ticket created, Ticket closed +2 more');
    expect(summary.all).toBe('Ticket created, Ticket closed, Note added, SLA breached');
  });
});
