/** Helpers shared by the reports tests (not a test file itself). */
import type { ReportRange } from '@shared/constants';
import { addDays, rangeBounds } from '@shared/report-range';
import { tickets, timeEntries, type NewTicketRow } from '@shared/schema';
import type { Database } from '../../db/client';

/** The browser of these tests is five hours behind UTC (New York in winter). */
export const OFFSET = '-05:00';

/** An instant given as the local time of that browser: `local('2026-11-01T00:00')`. */
export const local = (dateTime: string) => new Date(`${dateTime}:00${OFFSET}`);

/** The query the SPA sends for `range` on the local day `today`. */
export function reportQuery(range: ReportRange, today: string) {
  const { start, end } = rangeBounds(range, today);
  return {
    range,
    start,
    end,
    startAt: `${start}T00:00:00${OFFSET}`,
    endAt: `${addDays(end, 1)}T00:00:00${OFFSET}`,
  };
}

let ticketCounter = 0;

export async function insertTicket(
  db: Database,
  values: Pick<NewTicketRow, 'status' | 'priority' | 'createdAt'> & Partial<NewTicketRow>,
): Promise<void> {
  ticketCounter += 1;
  await db.insert(tickets).values({
    ticketNumber: `T-REPORT-${ticketCounter}`,
    subject: `Report ticket ${ticketCounter}`,
    body: 'For the report tests.',
    fromEmail: 'jordan.lee@contoso.com',
    fromName: 'Jordan Lee',
    ...values,
  });
}

export interface EntryValues {
  spentDate: string;
  userId: string;
  project: string;
  hours: number;
  notes?: string;
  task?: string;
  ticketId?: string;
}

export async function insertEntry(db: Database, entry: EntryValues): Promise<void> {
  await db.insert(timeEntries).values({
    harvestProjectId: 1,
    harvestProjectName: entry.project,
    harvestTaskId: 1,
    harvestTaskName: entry.task ?? 'Heat Tickets',
    hours: entry.hours,
    notes: entry.notes ?? 'Worked on it',
    spentDate: entry.spentDate,
    userId: entry.userId,
    ticketId: entry.ticketId ?? null,
  });
}
