import { REPORT_LABELS as L, type TeamReport } from '@shared/contracts/reports';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatHours } from '../lib/format';

/** The individual performance ranking: most tickets closed first, then most hours logged. */
export function PerformanceTable({ performers }: { performers: TeamReport['topPerformers'] }) {
  return (
    // A named tab stop: on a phone the table scrolls sideways, and the keyboard must reach it too.
    <Table aria-label={L.individualPerformance} scrollLabel={`${L.individualPerformance} table`}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-16">{L.rank}</TableHead>
          <TableHead>Name</TableHead>
          <TableHead className="text-right">{L.ticketsClosed}</TableHead>
          <TableHead className="text-right">{L.hoursLogged}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {performers.map((performer, index) => (
          <TableRow key={performer.userId}>
            <TableCell className="font-semibold tabular-nums">#{index + 1}</TableCell>
            <TableCell className="font-medium">{performer.userName}</TableCell>
            <TableCell className="text-right tabular-nums">{performer.ticketsClosed}</TableCell>
            <TableCell className="text-right tabular-nums">{formatHours(performer.hoursLogged)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
