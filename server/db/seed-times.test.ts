import { describe, expect, it } from 'vitest';
import { demoTicketTimes } from './seed-times';

const now = new Date('2026-11-28T01:50:00Z');

describe('demoTicketTimes (the demo data never writes a time after now)', () => {
  it('when the ticket was created now, then its note and its closing are now, not hours ahead', () => {
    expect(demoTicketTimes(0, now)).toEqual({ createdAt: now, noteAt: now, closedAt: now });
  });

  it('when the ticket is days old, then its note follows 2.4 h after creation and its closing 12 h after', () => {
    expect(demoTicketTimes(2, now)).toEqual({
      createdAt: new Date('2026-11-26T01:50:00Z'),
      noteAt: new Date('2026-11-26T04:14:00Z'),
      closedAt: new Date('2026-11-26T13:50:00Z'),
    });
  });
});
