import { describe, expect, it } from 'vitest';
import { sameViewQuery } from '@shared/contracts/views';
import { comparableViewQuery, viewHref, viewQueryOfUrl } from './view-url';

describe('a saved view with tag and custom field filters (issue 38)', () => {
  it('when the list shows a view’s link then the sidebar finds the view as the active one', () => {
    const saved = { status: 'open', tags: 'vip', without_tags: 'spam', 'cf.category': 'network,none' };
    const href = viewHref(saved);
    expect(href).toBe('/tickets?status=open&tags=vip&without_tags=spam&cf.category=network%2Cnone');
    const shown = viewQueryOfUrl(href.slice('/tickets'.length));
    expect(sameViewQuery(comparableViewQuery(saved), shown)).toBe(true);
  });

  it('when the list has one more field condition than the view then it is not that view', () => {
    const saved = { 'cf.category': 'network' };
    const shown = viewQueryOfUrl('?status=all&cf.category=network&cf.due.gte=2026-01-01');
    expect(sameViewQuery(comparableViewQuery(saved), shown)).toBe(false);
  });
});
