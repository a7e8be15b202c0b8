import { useId, type ReactNode } from 'react';
import { SECURITY_EVENT_LABELS } from '@shared/constants';
import type { AuditPerson } from '@shared/contracts/audit';
import { Heading } from '@/components/ui/heading';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAudit } from '../api/get-audit';
import { formatDateTime } from '../lib/format-date-time';
import { TEAM_TEXTS as T } from '../lib/team-texts';

const personLabel = (person: AuditPerson | null) => person?.name ?? T.nobody;

/** On a phone each event stacks into a block (see team-card.tsx) instead of scrolling sideways. */
const STACKED = {
  table: { role: 'table', className: 'max-md:block' },
  header: { role: 'rowgroup', className: 'max-md:sr-only' },
  body: { role: 'rowgroup', className: 'max-md:block' },
  row: { role: 'row', className: 'hover:bg-transparent max-md:block max-md:py-2' },
  cell: { role: 'cell', className: 'max-md:block max-md:px-0 max-md:py-0.5' },
} as const;

/** A cell whose column name shows before it on a phone, where the header row is hidden. */
function StackedCell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TableCell {...STACKED.cell} className={`${STACKED.cell.className} ${className ?? ''}`}>
      <span className="text-muted-foreground md:hidden">{label}: </span>
      {children}
    </TableCell>
  );
}

/** The Team card's latest security events: who did what to which account, from where. */
export function SecurityEvents() {
  const headingId = useId();
  const audit = useAudit();
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <Heading id={headingId} className="text-sm font-semibold">
        {T.auditTitle}
      </Heading>
      {audit.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : audit.isError ? null : audit.data.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.auditEmpty}</p>
      ) : (
        <Table aria-labelledby={headingId} {...STACKED.table}>
          <TableHeader {...STACKED.header}>
            <TableRow {...STACKED.row}>
              <TableHead role="columnheader">{T.when}</TableHead>
              <TableHead role="columnheader">{T.event}</TableHead>
              <TableHead role="columnheader">{T.by}</TableHead>
              <TableHead role="columnheader">{T.account}</TableHead>
              <TableHead role="columnheader">{T.address}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody {...STACKED.body}>
            {audit.data.events.map((event) => (
              <TableRow key={event.id} {...STACKED.row}>
                <TableCell
                  {...STACKED.cell}
                  className={`${STACKED.cell.className} font-medium md:whitespace-nowrap md:font-normal`}
                >
                  {formatDateTime(event.createdAt)}
                </TableCell>
                <StackedCell label={T.event}>{SECURITY_EVENT_LABELS[event.kind]}</StackedCell>
                <StackedCell label={T.by}>{personLabel(event.actor)}</StackedCell>
                <StackedCell label={T.account}>{personLabel(event.target)}</StackedCell>
                <StackedCell label={T.address}>{event.ip ?? T.nobody}</StackedCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
