import { paths } from '@/lib/paths';

/**
 * The Loaner Equipment page's tabs (issue 42): Loans, the spec's page as it was, and Inventory. The
 * tab is the URL's (`?tab=inventory`; none is Loans), so a reload, Back and a shared link keep it.
 */
export const LOANER_TABS = ['loans', 'inventory'] as const;
export type LoanerTab = (typeof LOANER_TABS)[number];

export const TAB_PARAM = 'tab';

export const isLoanerTab = (value: string): value is LoanerTab =>
  (LOANER_TABS as readonly string[]).includes(value);

export const loanerTabOf = (params: URLSearchParams): LoanerTab =>
  params.get(TAB_PARAM) === 'inventory' ? 'inventory' : 'loans';

/** The Inventory tab with no search or filter: where the asset page's Back link goes. */
export const inventoryPath = `${paths.loanerEquipment}?${TAB_PARAM}=inventory`;

/** Each tab opens as it starts: the Loans tab is the spec's page, without a parameter. */
export const loanerTabPath = (tab: LoanerTab) =>
  tab === 'inventory' ? inventoryPath : paths.loanerEquipment;
