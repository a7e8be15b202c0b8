import { describe, expect, it } from 'vitest';
import { applyQuickFilter, isSlaQuickFilterActive } from './ticket-list-filters';
import { parseTicketListView, ticketListViewUrl } from './ticket-list-url';

describe('the SLA quick filters and the URL (issue 24)', () => {
  it('SLA Breached and Due Soon set the sla filter, and pressing one again takes it away', () => {
    const breached = applyQuickFilter({ status: ['open'] }, 'sla-breached');
    expect(breached).toEqual({ status: ['open'], sla: ['breached'] });
    expect(isSlaQuickFilterActive(breached, 'breached')).toBe(true);
    const dueSoon = applyQuickFilter(breached, 'due-soon');
    expect(dueSoon.sla).toEqual(['warning']);
    expect(applyQuickFilter(dueSoon, 'due-soon').sla).toBeUndefined();
  });

  it('keeps sla in the URL and reads it back; an unknown state is left out', () => {
    const view = parseTicketListView('?sla=breached,warning&sort=dueAt');
    expect(view.values.sla).toEqual(['breached', 'warning']);
    expect(view.sort).toEqual({ sort: 'dueAt', order: undefined });
    expect(ticketListViewUrl(view)).toBe('/tickets?sort=dueAt&sla=breached%2Cwarning');
    expect(parseTicketListView('?sla=late').values.sla).toBeUndefined();
  });
});
