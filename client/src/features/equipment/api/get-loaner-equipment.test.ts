import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EquipmentFilter } from '../lib/equipment-filter';
import { getLoanerEquipment } from './get-loaner-equipment';

/** The URL the list asks for, with fetch stubbed to answer an empty list. */
async function requestedUrl(search: string, filter: EquipmentFilter): Promise<string> {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response('[]', { status: 200 })),
  );
  vi.stubGlobal('fetch', fetch);
  await getLoanerEquipment({ search, filter });
  expect(fetch).toHaveBeenCalledTimes(1);
  return fetch.mock.calls[0]?.[0] ?? '';
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The server's answer to each of these queries is proven in server/features/equipment/equipment.routes.test.ts
// ("filters and order", "search"); this pins what the toolbar filter and the header search ask it for.
describe('the equipment list query (toolbar filter and header search)', () => {
  it.each([
    ['all', '/api/loaner-equipment'],
    ['active', '/api/loaner-equipment?isReturned=false'],
    ['returned', '/api/loaner-equipment?isReturned=true'],
    ['overdue', '/api/loaner-equipment?overdue=true'],
  ] as const)('when the filter is %s, then the list asks for %s', async (filter, url) => {
    expect(await requestedUrl('', filter)).toBe(url);
  });

  it('when a search is typed, then it is sent as the search parameter beside the filter', async () => {
    expect(await requestedUrl('room-1 & co', 'returned')).toBe(
      '/api/loaner-equipment?isReturned=true&search=room-1+%26+co',
    );
    expect(await requestedUrl('ROOM-1', 'all')).toBe('/api/loaner-equipment?search=ROOM-1');
  });
});
