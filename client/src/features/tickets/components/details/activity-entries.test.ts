import { describe, expect, it } from 'vitest';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { activityEntries } from './activity-entries';

const ticket = { timeSpent: null } as Ticket;
const actor = { id: 'u1', firstName: 'Sam', lastName: 'Lee' };
const event = (extra: Partial<TicketEvent>): TicketEvent => ({
  id: 'e1',
  kind: 'field',
  actor,
  from: null,
  to: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...extra,
});

describe('activityEntries: tags and custom fields (issue 38)', () => {
  it('when a field changed, then the entry is titled by its label, with the values before and after', () => {
    const [entry] = activityEntries(
      [event({ field: 'category', from: 'Hardware', to: 'Network' })],
      ticket,
      new Map([['category', 'Category']]),
    );
    expect(entry).toMatchObject({ title: 'Category changed', detail: 'Hardware → Network by Sam Lee' });
  });

  it('when the fields are not known (not loaded, or none by that key), then the key names it and an empty side reads Empty', () => {
    const [entry] = activityEntries([event({ field: 'category', to: 'Network' })], ticket);
    expect(entry).toMatchObject({ title: 'category changed', detail: 'Empty → Network by Sam Lee' });
  });

  it('when tags changed, then the sets before and after are listed', () => {
    const [entry] = activityEntries([event({ kind: 'tags', from: 'vip', to: 'vip, network' })], ticket);
    expect(entry).toMatchObject({ title: 'Tags changed', detail: 'vip → vip, network by Sam Lee' });
  });
});
