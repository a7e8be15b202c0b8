import { describe, expect, it } from 'vitest';
import { insertAt, slashQueryAt } from './slash-command';

describe('slashQueryAt', () => {
  it.each([
    ['/res', 4, { start: 0, query: 'res' }],
    ['Hi Dana,\n/lap', 13, { start: 9, query: 'lap' }],
    ['/', 1, { start: 0, query: '' }],
    ['/laptop ready', 13, { start: 0, query: 'laptop ready' }],
  ])('when the reply is %j with the caret at %i, then the command is %j', (text, caret, expected) => {
    expect(slashQueryAt(text, caret)).toEqual(expected);
  });

  it.each([
    ['use and/or', 10],
    ['see /etc/hosts', 14],
    ['/ res', 5],
    ['x /res', 6],
  ])('when the reply is %j, then the / is text', (text, caret) => {
    expect(slashQueryAt(text, caret)).toBeUndefined();
  });
});

describe('insertAt', () => {
  it('when a response replaces the command, then the caret follows the inserted text', () => {
    expect(insertAt('Hi\n/res and more', 3, 7, 'Please restart.')).toEqual({
      text: 'Hi\nPlease restart. and more',
      caret: 18,
    });
  });
});
