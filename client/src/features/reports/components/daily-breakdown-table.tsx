import type { TimeTrackingReport } from '@shared/contracts/reports';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatDay, formatHours } from '../lib/format';

/** Every day of the range with its hours and entries, idle days included (greyed). */
export function DailyBreakdownTable({ days }: { days: TimeTrackingReport['dailyBreakdown'] }) {
  return (
    <div className="max-h-96 self-start overflow-y-auto rounded-md border">
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
