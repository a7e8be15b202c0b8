import type { ReportRange } from '@shared/constants';
import type { ReportQueryParams } from '@shared/contracts/reports';
import { addDays, localDayStart, localToday, rangeBounds } from '@shared/report-range';

/**
 * What the page asks the server for: the range's days on the user's own calendar, and the instants
 * those days begin and end at in the user's time zone (tickets are timestamped, the server cannot
 * know where the user's midnight is).
 */
export function reportParams(range: ReportRange, now: Date = new Date()): ReportQueryParams {
  const { start, end } = rangeBounds(range, localToday(now));
  return {
    range,
    start,
    end,
    startAt: localDayStart(start).toISOString(),
    endAt: localDayStart(addDays(end, 1)).toISOString(),
  };
}
