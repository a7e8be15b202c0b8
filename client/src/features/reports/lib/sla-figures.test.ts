import { describe, expect, it } from 'vitest';
import { agentName, countsLine, formatBusinessMinutes, metShare } from './sla-figures';

describe('the SLA view figures', () => {
  it('gives the met share of the decided tickets', () => {
    expect(metShare({ met: 3, breached: 1, pending: 5 })).toBe('75%');
    expect(metShare({ met: 2, breached: 1, pending: 0 })).toBe('66.7%');
    expect(metShare({ met: 0, breached: 0, pending: 4 })).toBe('—');
    expect(countsLine({ met: 2, breached: 1, pending: 3 })).toBe('2 met, 1 breached, 3 pending');
  });

  it('writes business minutes as hours and minutes', () => {
    expect(formatBusinessMinutes(95)).toBe('1h 35m');
    expect(formatBusinessMinutes(120)).toBe('2h');
    expect(formatBusinessMinutes(42.5)).toBe('43m');
    expect(formatBusinessMinutes(0)).toBe('0m');
    expect(formatBusinessMinutes(null)).toBe('—');
  });

  it('names agents, and the unassigned row', () => {
    const row = { tickets: 1, firstResponseBreached: 0, resolutionBreached: 0 };
    expect(agentName({ ...row, userId: 'u1', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(agentName({ ...row, userId: 'u1', firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(agentName({ ...row, userId: null, firstName: null, lastName: null })).toBe('Unassigned');
  });
});
