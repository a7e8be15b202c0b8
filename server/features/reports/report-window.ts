/**
 * The stretch of time one report covers. Time entries are dated (`spent_date`, a plain date), so
 * they use the inclusive days `start`..`end`; tickets are timestamped, so they use the instants
 * `startAt` (inclusive) and `endAt` (exclusive) at which the user's local days begin.
 */
export interface ReportWindow {
  start: string;
  end: string;
  /** Days from start to end, both included. */
  days: number;
  startAt: Date;
  endAt: Date;
}
