import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetListFilters } from './equipment-keys';
import { getAssets, importAssets } from './assets';

/** The URL (and body) a call sends, with fetch stubbed to answer `body`. */
async function sent(call: () => Promise<unknown>, body = '{"assets":[],"total":0}') {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(body, { status: 200 })),
  );
  vi.stubGlobal('fetch', fetch);
  await call();
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return { url, init };
}

const list = (filters: AssetListFilters) => sent(() => getAssets(filters)).then(({ url }) => url);

afterEach(() => {
  vi.unstubAllGlobals();
});

// What the server answers to each is proven in server/features/equipment/assets.routes.test.ts; this
// pins what the Inventory tab's search, filters and paging ask it for.
describe('the inventory list query', () => {
  it('when nothing narrows the list, then it asks for the first page without parameters', async () => {
    expect(await list({ page: 1 })).toBe('/api/assets');
  });

  it('when a search, a status, a product type and a page are set, then each is its parameter', async () => {
    expect(await list({ search: 'LT 42 & co', status: 'in_repair', productType: 'laptop', page: 3 })).toBe(
      '/api/assets?search=LT+42+%26+co&status=in_repair&productType=laptop&page=3',
    );
  });
});

describe('the CSV import request', () => {
  const file = new File(['Asset Tag,Product Type\nLT-1,laptop\n'], 'assets.csv', { type: 'text/csv' });
  const answer = '{"created":1,"updated":0,"errors":[]}';

  it('when the file is checked, then it is a dry run with the file under the multipart field "file"', async () => {
    const { url, init } = await sent(() => importAssets({ file, dryRun: true }), answer);
    expect(url).toBe('/api/assets/import?dryRun=true');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect((body.get('file') as File).name).toBe('assets.csv');
  });

  it('when only the valid rows are imported, then skipInvalid is sent beside dryRun=false', async () => {
    const { url } = await sent(() => importAssets({ file, dryRun: false, skipInvalid: true }), answer);
    expect(url).toBe('/api/assets/import?dryRun=false&skipInvalid=true');
  });
});
