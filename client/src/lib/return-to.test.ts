import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath (where signing in again leads back to)', () => {
  it('when the path is a page of the signed-in app, then it is kept with its query and hash', () => {
    expect(safeReturnPath('/tickets/5b1c?tab=notes#reply')).toBe('/tickets/5b1c?tab=notes#reply');
    expect(safeReturnPath('/tickets?status=open&page=3')).toBe('/tickets?status=open&page=3');
    expect(safeReturnPath('/settings')).toBe('/settings');
  });

  it('when the path points off this origin or is not a page of the app, then there is nothing to return to', () => {
    for (const candidate of [
      '//evil.example/tickets',
      '/\\evil.example',
      'https://evil.example/tickets',
      'javascript:alert(1)',
      '/signin',
      '/api/login',
      '/unknown',
      '',
      null,
      undefined,
    ])
      expect(safeReturnPath(candidate)).toBeNull();
  });

  it('when the path is the Dashboard, then there is nothing to return to (sign-in leads there anyway)', () => {
    expect(safeReturnPath('/dashboard')).toBeNull();
  });
});
