import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou', 'football1', 'letmein1', 'Password123'])(
    'when the password is %j, a breached and common one, then it is refused',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['PASSWORD', 'PassWord', 'QwErTyUiOp'])(
    'when a common password is in another letter case (%j), then it is refused',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['aaaaaaaa', '00000000', 'abababab', 'abcabcabc', '........'])(
    'when the password is one short group repeated (%j), then it is refused',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each([
    // The demo password that `npm run seed` prints (server/db/seed.ts).
    'helpdesk-demo',
    // The passwords the tests and e2e suites register and change to (test-app.ts, e2e/support, …).
    'correct horse battery',
    'correct horse battery staple',
    'e2e password 1',
    'e2e admin password',
    'a brand new password',
    'brand new password',
    'a long new password',
    'set by an admin link',
    'a reset password',
    'long enough',
    'another horse battery',
    'bench-agent-password',
    'bench password 1',
    // Not a repeat of one short group.
    'abcdabcd',
    'aaaaaaab',
  ])('when the password is %j, then it is accepted', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
