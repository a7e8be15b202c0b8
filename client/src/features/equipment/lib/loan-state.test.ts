import { describe, expect, it } from 'vitest';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { loanState } from './loan-state';

const loan = (changes: Partial<LoanerEquipmentRecord>) =>
  ({
    checkoutDate: '2026-12-01',
    expectedReturnDate: '2026-12-04',
    isReturned: false,
    isOverdue: false,
    ...changes,
  }) as LoanerEquipmentRecord;

describe('loanState', () => {
  it('when the loan is back, then it is returned whatever its dates', () => {
    expect(loanState(loan({ isReturned: true, isOverdue: false }), '2026-11-01')).toBe('returned');
  });
  it('when its checkout day is after today, then it is a reservation', () => {
    expect(loanState(loan({}), '2026-11-30')).toBe('reserved');
  });
  it('when it began today, then it is checked out', () => {
    expect(loanState(loan({}), '2026-12-01')).toBe('checkedOut');
  });
  it('when the server says it is late, then it is overdue', () => {
    expect(loanState(loan({ isOverdue: true }), '2026-12-05')).toBe('overdue');
  });
});
