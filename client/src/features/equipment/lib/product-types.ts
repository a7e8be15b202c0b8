import type { LoanerProductType } from '@shared/constants';

/** The product types as the page shows them: capitalised (spec §2). */
export const PRODUCT_TYPE_LABELS = {
  laptop: 'Laptop',
  monitor: 'Monitor',
  tablet: 'Tablet',
  phone: 'Phone',
  keyboard: 'Keyboard',
  mouse: 'Mouse',
  other: 'Other',
} as const satisfies Record<LoanerProductType, string>;
