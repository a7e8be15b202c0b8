import { describe, expect, it } from 'vitest';
import { canonicalViewQuery } from '@shared/contracts/views';
import { countAppliedFilters, withCustomFieldFilter } from './ticket-list-filters';
import { parseTicketListView, ticketListFiltersOfView, ticketListViewUrl } from './ticket-list-url';

describe('tags and custom field filters in the list’s URL (issue 38)', () => {
  it('when the URL has tags, without_tags and cf.* then the view holds them and writes the same URL back', () => {
    const search =
      '?status=open&search=printer&tags=vip%2Cnetwork&without_tags=spam&cf.category=network%2Cnone' +
      '&cf.due.gte=2026-01-01&cf.due.lte=2026-01-31&cf.urgent=true';
    const view = parseTicketListView(search);
    expect(view.values).toMatchObject({
      status: ['open'],
      tags: ['vip', 'network'],
      withoutTags: ['spam'],
      customFields: {
        category: { values: ['network', 'none'] },
        due: { gte: '2026-01-01', lte: '2026-01-31' },
        urgent: { values: ['true'] },
      },
    });
    const url = ticketListViewUrl(view);
    expect(url).toBe(
      '/tickets?status=open&search=printer&tags=vip%2Cnetwork&without_tags=spam&cf.category=network%2Cnone' +
        '&cf.due.gte=2026-01-01&cf.due.lte=2026-01-31&cf.urgent=true',
    );
    expect(parseTicketListView(url.slice('/tickets'.length))).toEqual(view);
  });

  it('when a view has tag and field filters then the list asks the API for them', () => {
    const filters = ticketListFiltersOfView(parseTicketListView('?tags=VIP&cf.category=network'), 20);
    expect(filters).toMatchObject({ tags: ['vip'], customFields: { category: { values: ['network'] } } });
  });

  it('when a custom field parameter is malformed then only it is left out', () => {
    const view = parseTicketListView('?tags=vip&cf.Bad-Key=x&cf.category=network');
    expect(view.values.tags).toEqual(['vip']);
    expect(view.values.customFields).toEqual({ category: { values: ['network'] } });
  });

  it('when the filters change the saved view query keeps them in its one canonical form', () => {
    const view = parseTicketListView('?cf.zone.lte=3&tags=vip&cf.category=network');
    expect(canonicalViewQuery({ ...view.values, search: undefined, ...view.sort })).toEqual({
      status: 'open,in_progress',
      tags: 'vip',
      'cf.category': 'network',
      'cf.zone.lte': '3',
    });
  });
});

describe('changing and counting the tag and field filters (issue 38)', () => {
  it('when a field’s last value is unticked then its condition and an empty customFields go', () => {
    const one = withCustomFieldFilter({}, 'category', { values: ['network'] });
    expect(one).toEqual({ customFields: { category: { values: ['network'] } } });
    const two = withCustomFieldFilter(one, 'due', { gte: '2026-01-01', lte: undefined });
    expect(two.customFields).toEqual({ category: { values: ['network'] }, due: { gte: '2026-01-01' } });
    const back = withCustomFieldFilter(withCustomFieldFilter(two, 'due', {}), 'category', { values: [] });
    expect(back).toEqual({ customFields: undefined });
  });

  it('when tags, tags left out and field conditions are set then each counts as one applied filter', () => {
    expect(
      countAppliedFilters({
        status: ['open'],
        tags: ['vip', 'network'],
        withoutTags: ['spam'],
        customFields: {
          category: { values: ['network', 'none'] },
          due: { gte: '2026-01-01', lte: '2026-02-01' },
        },
      }),
    ).toBe(6);
  });
});
