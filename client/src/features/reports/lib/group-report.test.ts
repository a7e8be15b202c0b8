import { describe, expect, it } from 'vitest';
import type { GroupReportRow } from '@shared/contracts/reports';
import { hasGroupActivity, medianMinutes } from './group-report';
import { formatBusinessMinutes } from './sla-figures';

const row = (figures: Partial<GroupReportRow>): GroupReportRow => ({
  groupId: null,
  name: 'No group',
  tickets: 0,
  closed: 0,
  hours: 0,
  medianFirstResponseHours: null,
  ...figures,
});

describe('hasGroupActivity', () => {
  it('when every row is zero, then there is nothing to show', () => {
    expect(hasGroupActivity([row({})])).toBe(false);
  });

  it('when a row has tickets, closings or hours alone, then there is', () => {
    expect(hasGroupActivity([row({}), row({ tickets: 1 })])).toBe(true);
    expect(hasGroupActivity([row({ closed: 1 })])).toBe(true);
    expect(hasGroupActivity([row({ hours: 0.25 })])).toBe(true);
  });
});

describe('medianMinutes', () => {
  it('when the median is in hours, then it reads as the SLA view reads business minutes', () => {
    expect(formatBusinessMinutes(medianMinutes(row({ medianFirstResponseHours: 0.88 })))).toBe('53m');
    expect(formatBusinessMinutes(medianMinutes(row({ medianFirstResponseHours: 2 })))).toBe('2h');
    expect(formatBusinessMinutes(medianMinutes(row({})))).toBe('—');
  });
});
