import type { GroupReportRow } from '@shared/contracts/reports';

/** Whether any group (or "No group") had tickets created or closed, or time logged, in the range. */
export const hasGroupActivity = (rows: readonly GroupReportRow[]) =>
  rows.some((row) => row.tickets > 0 || row.closed > 0 || row.hours > 0);

/** A row's median first response in business minutes, for the SLA view's formatter; null for none. */
export const medianMinutes = (row: GroupReportRow) =>
  row.medianFirstResponseHours === null ? null : row.medianFirstResponseHours * 60;
