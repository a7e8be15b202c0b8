/**
 * The texts of lending an asset for a ticket (issue 42): the checkout dialog's Asset and Ticket
 * fields, and the ticket's Loans card. The spec's loaner texts stay in the components that had them.
 */
export const LOAN_LINK_TEXTS = {
  assetLabel: 'Asset (Optional)',
  assetPlaceholder: 'Search by tag, serial or model',
  assetListLabel: 'Free assets',
  noAssetFree: 'No asset is free for these dates',
  noAssetMatch: 'No free asset matches',
  moreAssetsFree: 'More are free: type a tag, serial or model to narrow.',
  removeAsset: 'Remove Asset',
  assetsLoading: 'Finding free assets...',
  assetsFailed: 'Free assets could not be loaded',
  /** Under the picker: how many are free for the dates chosen (a page at most, and "more"). */
  assetHint: (count: number, more: boolean) =>
    more
      ? `${count}+ free for these dates.`
      : count === 0
        ? 'None free for these dates.'
        : `${count} free for these dates.`,
  assetHintDates: 'Choose the dates to see which assets are free.',
  ticketLabel: 'Ticket (Optional)',
  ticketPlaceholder: 'Search by ticket number or subject',
  ticketListLabel: 'Tickets',
  noTicketMatch: 'No matching ticket',
  removeTicket: 'Remove Ticket Link',
  cardTitle: 'Loans',
  lend: 'Lend Equipment',
  markReturned: 'Mark Returned',
  open: 'Open Loan',
  loading: 'Loading loans...',
  failed: 'Loans could not be loaded.',
  retry: 'Try Again',
  empty: 'Nothing lent for this ticket.',
} as const;

/** What a loan is now, as the ticket's Loans card names it. */
export const LOAN_STATES = {
  returned: 'Returned',
  reserved: 'Reserved',
  overdue: 'Overdue',
  checkedOut: 'Checked Out',
} as const;
export type LoanState = keyof typeof LOAN_STATES;
