import { describe, expect, it } from 'vitest';
import { ticketNumbersIn } from './reply-subject';

describe('ticketNumbersIn', () => {
  it.each([
    ['Re: [T-1700000000000] Printer', ['T-1700000000000']],
    ['RE: T-1700000000000 still broken', ['T-1700000000000']],
    ['Fwd: Re: (t-1700000000000) printer', ['T-1700000000000']],
    ['Re:T-17000000000001234', ['T-17000000000001234']],
    ['T-1 and T-2 and T-1 again', ['T-1', 'T-2']],
    ['Printer on the 3rd floor', []],
    ['Model XT-100 broken', []],
    ['Ticket T-', []],
  ])('when the subject is %j, then the numbers are %j', (subject, numbers) => {
    expect(ticketNumbersIn(subject)).toEqual(numbers);
  });

  it('when a subject names many numbers, then at most five are looked up', () => {
    expect(ticketNumbersIn('T-1 T-2 T-3 T-4 T-5 T-6 T-7')).toEqual(['T-1', 'T-2', 'T-3', 'T-4', 'T-5']);
  });
});
