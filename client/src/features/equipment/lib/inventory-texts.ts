import { ASSET_LIMITS } from '@shared/contracts/assets';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Every word of the Inventory tab, its dialogs and the asset page (issue 42), said once: Title Case
 * for buttons, headings and labels, sentence case for toasts and hints.
 */
export const INVENTORY_TEXTS = {
  tabs: { label: 'Loaner equipment views', loans: 'Loans', inventory: 'Inventory' },

  list: {
    label: 'Assets',
    searchLabel: 'Search assets',
    searchPlaceholder: 'Search tag, serial or model',
    statusLabel: 'Filter by status',
    allStatuses: 'All Statuses',
    productTypeLabel: 'Filter by product type',
    allProductTypes: 'All Types',
    addAsset: 'Add Asset',
    importCsv: 'Import CSV',
    loading: 'Loading assets...',
    empty: 'No assets yet.',
    emptyHint: 'Add Asset records one device; Import CSV brings in your spreadsheet.',
    noMatch: 'No assets match your search.',
    edit: 'Edit',
    editAsset: (tag: string) => `Edit ${tag}`,
    notLent: 'Not lent',
    /** What a screen reader says for an empty cell (a model or serial number not recorded). */
    none: 'none',
    showing: (first: number, last: number, total: number) =>
      `Showing ${first} to ${last} of ${plural(total, 'asset', 'assets')}`,
  },

  columns: {
    assetTag: 'Asset Tag',
    productType: 'Product Type',
    model: 'Model',
    serialNumber: 'Serial Number',
    status: 'Status',
    currentLoan: 'Current Loan',
    actions: 'Actions',
  },

  /** "Lent to Robin Reyes until Dec 4, 2026" (the date as the page prints it). */
  lentTo: (personName: string, until: string) => `Lent to ${personName} until ${until}`,
  overdue: 'Overdue',

  dialog: {
    addTitle: 'Add Asset',
    editTitle: 'Edit Asset',
    assetTag: 'Asset Tag',
    model: 'Model (Optional)',
    serialNumber: 'Serial Number (Optional)',
    status: 'Status',
    notes: 'Notes (Optional)',
    onLoanHint: 'Lending sets this status: mark the loan returned to change it.',
    cancel: 'Cancel',
    add: 'Add Asset',
    update: 'Update Asset',
  },

  import: {
    title: 'Import CSV',
    description: 'Add or update many assets at once from a spreadsheet saved as CSV.',
    columnsHeading: 'Columns',
    columnsIntro:
      'The first row names the columns. A tag already in the inventory updates that asset, and a column the file leaves out keeps what is stored.',
    columns: [
      { name: 'Asset Tag', rule: 'required, unique (also "Tag")' },
      { name: 'Product Type', rule: 'required: laptop, monitor, tablet, phone, keyboard, mouse or other' },
      { name: 'Model', rule: 'optional' },
      { name: 'Serial Number', rule: 'optional (also "Serial", "SN")' },
      { name: 'Status', rule: 'optional: available, in repair or retired' },
      { name: 'Notes', rule: 'optional' },
    ],
    limits: `At most ${ASSET_LIMITS.importRows.toLocaleString('en-US')} rows and ${
      ASSET_LIMITS.importBytes / 1024 / 1024
    } MB.`,
    example: 'Asset Tag,Product Type,Model\nLT-0042,laptop,ThinkPad T14',
    chooseFile: 'Choose CSV File',
    chosenFile: 'File to import',
    removeFile: (name: string) => `Remove ${name}`,
    check: 'Check File',
    checking: 'Checking the file...',
    importing: 'Importing assets... a large file takes a few seconds.',
    import: 'Import',
    importValid: 'Import Valid Rows',
    cancel: 'Cancel',
    summary: (created: number, updated: number) =>
      `${plural(created, 'asset', 'assets')} to create, ${plural(updated, 'asset', 'assets')} to update.`,
    errorsHeading: (count: number) => plural(count, 'error', 'errors'),
    errorsHint: 'Fix these rows and check again, or import the valid rows only.',
    errorsTable: 'Problems found in the file',
    moreErrors: (count: number) => `…and ${plural(count, 'more error', 'more errors')}.`,
    line: 'Line',
    field: 'Field',
    message: 'Message',
    /** The error table's Field column: the contract's keys as the columns are named. */
    fieldLabels: {
      assetTag: 'Asset Tag',
      productType: 'Product Type',
      model: 'Model',
      serialNumber: 'Serial Number',
      status: 'Status',
      notes: 'Notes',
      file: 'File',
      row: 'Row',
    } as Readonly<Record<string, string>>,
  },

  page: {
    title: 'Asset',
    back: 'Back to Inventory',
    details: 'Details',
    currentLoan: 'Current Loan',
    notes: 'Notes',
    openLoan: 'Open Loan',
    history: 'Loan History',
    noLoans: 'Never lent yet.',
    returnedOn: (date: string) => `returned ${date}`,
    tickets: 'Tickets',
    noTickets: 'Not lent for any ticket yet.',
    notFound: 'Asset not found',
    notFoundHint: 'No asset has this address: it may have been mistyped.',
    loading: 'Loading asset...',
  },

  toasts: {
    added: 'Asset added',
    updated: 'Asset updated',
    addFailed: 'Could not add the asset',
    updateFailed: 'Could not update the asset',
    imported: (count: number) => `${plural(count, 'asset', 'assets')} imported`,
    importedDetail: (created: number, updated: number, skipped: number) =>
      [
        `${created.toLocaleString('en-US')} created, ${updated.toLocaleString('en-US')} updated`,
        skipped > 0 ? `${plural(skipped, 'row', 'rows')} skipped` : '',
      ]
        .filter(Boolean)
        .join(', ') + '.',
    importFailed: 'Could not import the file',
    checkFailed: 'Could not check the file',
  },
} as const;
