import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type Webhook } from '@shared/contracts/webhooks';
import {
  allEventsState,
  webhookChanges,
  webhookDraftErrors,
  webhookDraftOf,
  withAllEvents,
  withEvent,
} from './webhook-form';

const webhook: Webhook = {
  id: '7c3f6a52-3f0e-4b43-9d0a-8a3c1b7c2d11',
  url: 'https://hooks.example.com/helpdesk',
  events: ['ticket.created', 'ticket.closed'],
  active: true,
  format: 'json',
  createdAt: '2026-11-29T10:00:00.000Z',
  disabledReason: null,
};

describe('the webhook form', () => {
  it('when a webhook is added, then it starts on, signed JSON, with no event chosen', () => {
    expect(webhookDraftOf(null)).toEqual({ url: '', events: [], active: true, format: 'json' });
  });

  it('when an event is ticked or unticked, then the events stay in the contract’s order', () => {
    expect(withEvent(['ticket.closed'], 'ticket.created', true)).toEqual(['ticket.created', 'ticket.closed']);
    expect(withEvent(['ticket.created', 'ticket.closed'], 'ticket.created', false)).toEqual([
      'ticket.closed',
    ]);
    expect(withEvent(['ticket.closed'], 'ticket.closed', true)).toEqual(['ticket.closed']);
  });

  it('when some, none or all events are chosen, then All Events is half-ticked, unticked or ticked', () => {
    expect(allEventsState([])).toBe(false);
    expect(allEventsState(['note.added'])).toBe('indeterminate');
    expect(allEventsState([...WEBHOOK_EVENTS])).toBe(true);
    expect(withAllEvents(true)).toEqual([...WEBHOOK_EVENTS]);
    expect(withAllEvents(false)).toEqual([]);
  });

  it('when the URL or the events are missing or wrong, then the contract’s message is named by its field', () => {
    expect(webhookDraftErrors({ url: '', events: [], active: true, format: 'json' })).toEqual({
      url: 'URL is required',
      events: 'Events must name at least one event',
    });
    expect(
      webhookDraftErrors({
        url: 'ftp://example.com',
        events: ['ticket.created'],
        active: true,
        format: 'json',
      }),
    ).toEqual({ url: 'URL must be an http or https address without a user name or password' });
    expect(
      webhookDraftErrors({
        url: ' https://example.com/x ',
        events: ['ticket.created'],
        active: false,
        format: 'slack',
      }),
    ).toEqual({});
  });

  it('when an edit changes nothing, then nothing is sent', () => {
    expect(webhookChanges(webhook, webhookDraftOf(webhook))).toBeNull();
    // The same events in another order, the same URL with spaces around it: still nothing.
    expect(
      webhookChanges(webhook, {
        ...webhookDraftOf(webhook),
        url: ` ${webhook.url} `,
        events: ['ticket.closed', 'ticket.created'],
      }),
    ).toBeNull();
  });

  it('when an edit changes some fields, then only those are sent (an unchanged URL is not checked again)', () => {
    expect(webhookChanges(webhook, { ...webhookDraftOf(webhook), format: 'slack', active: false })).toEqual({
      format: 'slack',
      active: false,
    });
    expect(
      webhookChanges(webhook, {
        ...webhookDraftOf(webhook),
        url: 'https://other.example.com/in ',
        events: ['note.added', 'ticket.created'],
      }),
    ).toEqual({ url: 'https://other.example.com/in', events: ['ticket.created', 'note.added'] });
  });
});
