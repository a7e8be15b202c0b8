/** The list filter (spec §2 plus Overdue, the loan-desk filter Snipe-IT users expect). */
export const EQUIPMENT_FILTERS = ['all', 'active', 'returned', 'overdue'] as const;
export type EquipmentFilter = (typeof EQUIPMENT_FILTERS)[number];

export const EQUIPMENT_FILTER_LABELS = {
  all: 'All Equipment',
  active: 'Active Checkouts',
  returned: 'Returned',
  overdue: 'Overdue',
} as const satisfies Record<EquipmentFilter, string>;

/** The query parameters of GET /api/loaner-equipment that each filter stands for. */
export const EQUIPMENT_FILTER_PARAMS = {
  all: {},
  active: { isReturned: 'false' },
  returned: { isReturned: 'true' },
  overdue: { overdue: 'true' },
} as const satisfies Record<EquipmentFilter, Record<string, string>>;

export const isEquipmentFilter = (value: string): value is EquipmentFilter =>
  (EQUIPMENT_FILTERS as readonly string[]).includes(value);
