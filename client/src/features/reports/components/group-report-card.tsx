import { Network } from 'lucide-react';
import { REPORT_LABELS as L, type GroupReportRow } from '@shared/contracts/reports';
import { SectionCard } from '@/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useGroupChoices } from '@/lib/groups';
import { formatHours } from '../lib/format';
import { hasGroupActivity, medianMinutes } from '../lib/group-report';
import { formatBusinessMinutes } from '../lib/sla-figures';
import { EmptyNote } from './empty-note';

/**
 * The by-group table (issue 39) below the chosen view, for the same range: each group the caller may
 * see with tickets or time in it, then "No group". Shown only once a group exists (the groups the
 * caller may see, as every Group control decides), so a help desk without groups sees the page as
 * before.
 */
export function GroupReportCard({ rows }: { rows: readonly GroupReportRow[] }) {
  const groups = useGroupChoices();
  if (groups.length === 0) return null;
  return (
    <SectionCard title={L.byGroup} icon={Network} description={L.byGroupDescription}>
      {hasGroupActivity(rows) ? <GroupTable rows={rows} /> : <EmptyNote>{L.byGroupEmpty}</EmptyNote>}
    </SectionCard>
  );
}

function GroupTable({ rows }: { rows: readonly GroupReportRow[] }) {
  return (
    // A named tab stop: on a phone the table scrolls sideways, and the keyboard must reach it too.
    <Table aria-label={L.byGroup} scrollLabel={`${L.byGroup} table`}>
      <TableHeader>
        <TableRow>
          {/* Room for a group's name on a phone, where the figures scroll sideways after it. */}
          <TableHead className="min-w-36">{L.group}</TableHead>
          <TableHead className="text-right">{L.groupTickets}</TableHead>
          <TableHead className="text-right">{L.groupClosed}</TableHead>
          <TableHead className="text-right">{L.hours}</TableHead>
          <TableHead className="text-right">{L.medianFirstResponse}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.groupId ?? 'none'}>
            <TableCell className={row.groupId === null ? 'text-muted-foreground' : 'font-medium'}>
              {row.name}
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.tickets}</TableCell>
            <TableCell className="text-right tabular-nums">{row.closed}</TableCell>
            <TableCell className="text-right tabular-nums">{formatHours(row.hours)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatBusinessMinutes(medianMinutes(row))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
