import type { TimeTrackingReport } from '@shared/contracts/reports';
import { focusRing } from '@/components/ui/focus-ring';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatDay, formatHours } from '../lib/format';

/**
 * Every day of the range with its hours and entries, idle days included (greyed). The box scrolls
 * past 24 rem, so it is a named tab stop: keyboard users scroll it with the arrow keys.
 */
export function DailyBreakdownTable({ days }: { days: TimeTrackingReport['dailyBreakdown'] }) {
  return (
    <div
      role="region"
      // Not the card's name ("Daily Breakdown"): two landmarks of one name cannot be told apart.
      aria-label="Daily breakdown table"
      tabIndex={0}
      className={cn('max-h-96 self-start overflow-y-auto rounded-md border', focusRing)}
    >
      <Table aria-label="Daily breakdown">
        <TableHeader className="sticky top-0 bg-card">
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Entries</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {days.map((day) => (
            <TableRow key={day.date} className={cn(day.entries === 0 && 'text-muted-foreground')}>
              <TableCell className="py-2">
                <time dateTime={day.date}>{formatDay(day.date)}</time>
              </TableCell>
              <TableCell className="py-2 text-right tabular-nums">{formatHours(day.hours)}</TableCell>
              <TableCell className="py-2 text-right tabular-nums">{day.entries}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
