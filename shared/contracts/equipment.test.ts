import { describe, expect, it } from 'vitest';
import { LOANER_MESSAGES, createLoanerSchema, loanerFormSchema, updateLoanerSchema } from './equipment';

const formValues = {
  productType: 'monitor',
  personName: 'Ada',
  phone: '555-0100',
  officeNumber: 'A-1',
  checkoutDate: '2026-11-21',
  expectedReturnDate: '2026-11-28',
  assignedTo: null,
  notes: '',
};

describe('loanerFormSchema (the Checkout/Edit dialog)', () => {
  it('when the dialog is filled in, then it parses, keeping empty notes as an empty string', () => {
    expect(loanerFormSchema.parse(formValues)).toEqual(formValues);
  });

  it('when an actualReturnDate is present, then the form drops it', () => {
    expect(loanerFormSchema.parse({ ...formValues, actualReturnDate: '2026-11-22' })).not.toHaveProperty(
      'actualReturnDate',
    );
  });

  it('when the product type is still empty (the dialog default), then it is refused', () => {
    const result = loanerFormSchema.safeParse({ ...formValues, productType: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['productType']);
  });

  it('when the expected return date precedes checkout, then the issue sits on expectedReturnDate', () => {
    const result = loanerFormSchema.safeParse({ ...formValues, expectedReturnDate: '2026-11-20' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['expectedReturnDate'],
        message: LOANER_MESSAGES.returnBeforeCheckout,
      }),
    ]);
  });

  it('when the form values are sent as they are, then the create and update schemas accept them', () => {
    expect(createLoanerSchema.parse(formValues)).toMatchObject({ notes: null, assignedTo: null });
    expect(updateLoanerSchema.parse(formValues)).toMatchObject({ notes: null, assignedTo: null });
  });
});
