import { sql, type SQL } from 'drizzle-orm';
import type {
  GroupReportRow,
  TeamReport,
  TicketsReport,
  TimeTrackingReport,
} from '@shared/contracts/reports';
import type { DbOrTx } from '../../db/client';
import { groupCtes, groupJson } from './report-groups.sql';
import { teamCtes, teamJson } from './report-team.sql';
import { ticketCtes, ticketJson } from './report-tickets.sql';
import { timeCtes, timeJson } from './report-time.sql';
import type { ReportWindow } from './report-window';

export interface ReportFigures {
  timeTracking: TimeTrackingReport;
  tickets: TicketsReport;
  team: TeamReport;
  byGroup: GroupReportRow[];
}

type ReportRow = {
  time_tracking: TimeTrackingReport;
  tickets: TicketsReport;
  team: TeamReport;
  by_group: GroupReportRow[];
} & Record<string, unknown>;

/**
 * Every figure of the report in one statement: PostgreSQL aggregates the time entries once, the
 * tickets created and the tickets closed once each, and shapes the answer as JSON, so Node receives
 * one row whatever the volume, and all figures come from one snapshot (they agree with each other).
 * The tickets of the `hidden` groups and the time on them are left out of every figure (issue 39).
 */
export function reportStatement(w: ReportWindow, hidden: readonly string[] = []): SQL {
  return sql`
    WITH ${timeCtes(w, hidden)}, ${ticketCtes(w, hidden)}, ${teamCtes()}, ${groupCtes(w, hidden)}
    SELECT ${timeJson(w)} AS time_tracking, ${ticketJson()} AS tickets, ${teamJson()} AS team,
      ${groupJson()} AS by_group`;
}

export async function reportFigures(
  db: DbOrTx,
  w: ReportWindow,
  hidden: readonly string[] = [],
): Promise<ReportFigures> {
  const result = await db.execute<ReportRow>(reportStatement(w, hidden));
  const row = result.rows[0];
  if (!row) throw new Error('the report query returned no row');
  return { timeTracking: row.time_tracking, tickets: row.tickets, team: row.team, byGroup: row.by_group };
}
