import { describe, expect, it } from 'vitest';
import type { LoanReport } from '@shared/contracts/loan-report';
import {
  averageNote,
  daysOnLoanNote,
  formatLoanDays,
  formatUtilisation,
  hasLoans,
  productTypeLabel,
} from './loan-figures';

const empty: LoanReport = {
  loansMade: 0,
  returned: 0,
  overdueNow: 0,
  averageLoanDays: null,
  byProductType: [{ productType: 'laptop', assets: 3, daysOnLoan: 0, daysInRange: 30, utilisation: 0 }],
};

describe('the Loans report’s figures', () => {
  it('when nothing was lent or returned and no asset was out in the period, then the report is empty', () => {
    expect(hasLoans(empty)).toBe(false);
    expect(hasLoans({ ...empty, byProductType: [] })).toBe(false);
    expect(hasLoans({ ...empty, loansMade: 1 })).toBe(true);
    expect(hasLoans({ ...empty, returned: 1, averageLoanDays: 2 })).toBe(true);
    // Overdue today is not the period's.
    expect(hasLoans({ ...empty, overdueNow: 1 })).toBe(false);
    const outAllRange = { ...empty.byProductType[0]!, daysOnLoan: 10, utilisation: 1 / 3 };
    expect(hasLoans({ ...empty, byProductType: [outAllRange] })).toBe(true);
  });

  it('when the average length is shown, then it has one decimal and its unit; a dash while none was returned', () => {
    expect(formatLoanDays(null)).toBe('—');
    expect(formatLoanDays(1)).toBe('1 day');
    expect(formatLoanDays(4.5)).toBe('4.5 days');
    expect(formatLoanDays(3.33)).toBe('3.3 days');
    expect(formatLoanDays(1.04)).toBe('1 day');
  });

  it('when some were returned, then the average says how many it is over', () => {
    expect(averageNote(0)).toBeUndefined();
    expect(averageNote(1)).toBe('Over 1 returned loan');
    expect(averageNote(5)).toBe('Over 5 returned loans');
  });

  it('when utilisation is shown, then it is a percentage with at most one decimal', () => {
    expect(formatUtilisation(0)).toBe('0%');
    expect(formatUtilisation(9 / 40)).toBe('22.5%');
    expect(formatUtilisation(1 / 3)).toBe('33.3%');
    expect(formatUtilisation(1)).toBe('100%');
  });

  it('when a type’s utilisation is shown, then the days it is the share of are said under it', () => {
    const row = { productType: 'tablet', assets: 1, daysInRange: 7, utilisation: 5 / 7 } as const;
    expect(daysOnLoanNote({ ...row, daysOnLoan: 5 })).toBe('5 of 7 days on loan');
    expect(daysOnLoanNote({ ...row, daysOnLoan: 0, daysInRange: 1, utilisation: 0 })).toBe(
      '0 of 1 day on loan',
    );
  });

  it('when a product type is shown, then it carries the register’s label', () => {
    expect(productTypeLabel('laptop')).toBe('Laptop');
    expect(productTypeLabel('other')).toBe('Other');
  });
});
