import { describe, expect, it } from 'vitest';
import { ticketListQuerySchema, toTicketListQuery, updateTicketSchema } from './tickets';

describe('ticketListQuerySchema', () => {
  it('when the query is empty, then page 1, 20 per page and no filters (no default status)', () => {
    expect(ticketListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('when the SPA builds a query from filters, then the server reads the same filters back', () => {
    const filters = {
      page: 2,
      limit: 50,
      search: 'printer',
      status: ['open' as const, 'in_progress' as const],
      priority: ['high' as const],
      assignedTo: '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f',
      assignmentStatus: 'assigned' as const,
      createdAfter: '2026-03-01',
      createdBefore: '2026-03-31T23:59:59Z',
      closedAfter: '2026-03-02',
      closedBefore: '2026-03-30',
    };
    const query = toTicketListQuery(filters);
    expect(query).toMatchObject({ status: 'open,in_progress', assigned_to: filters.assignedTo });
    expect(ticketListQuerySchema.parse(query)).toEqual(filters);
  });

  it('when a parameter is empty or a list repeats values, then empties are unset and repeats dropped', () => {
    expect(
      ticketListQuerySchema.parse({ status: ['open', 'open,closed'], assigned_to: '', search: '  ' }),
    ).toEqual({
      page: 1,
      limit: 20,
      status: ['open', 'closed'],
    });
  });

  it.each([
    ['2026-02-30', false],
    ['2026-02-28', true],
    ['2026-02-28T10:00', true],
    ['0000-01-01T00:00:00Z', false],
    ['yesterday', false],
  ])('when created_after is %s, then it is accepted: %s', (value, ok) => {
    expect(ticketListQuerySchema.safeParse({ created_after: value }).success).toBe(ok);
  });
});

describe('updateTicketSchema', () => {
  it('when lastUpdatedBy is sent, then it is dropped: the server records the caller', () => {
    expect(updateTicketSchema.parse({ priority: 'high', lastUpdatedBy: 'someone' })).toEqual({
      priority: 'high',
    });
  });
});
