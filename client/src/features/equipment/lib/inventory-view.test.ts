import { describe, expect, it } from 'vitest';
import { inventoryViewOf } from './inventory-view';

describe("the Inventory tab's view in the URL", () => {
  it('when the URL names a search, status, product type and page, then the view has them', () => {
    expect(
      inventoryViewOf(new URLSearchParams('tab=inventory&search=LT&status=retired&productType=phone&page=2')),
    ).toEqual({ search: 'LT', status: 'retired', productType: 'phone', page: 2 });
  });

  it('when a value is not one the list knows (a mistyped link), then its default is shown instead', () => {
    expect(inventoryViewOf(new URLSearchParams('status=lost&productType=toaster&page=0'))).toEqual({
      search: '',
      status: undefined,
      productType: undefined,
      page: 1,
    });
    expect(inventoryViewOf(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});
