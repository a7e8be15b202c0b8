import { History } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { SECURITY_EVENT_LABELS } from '@shared/security-events';
import type { AuditPage, AuditPerson, SecurityEvent } from '@shared/contracts/audit';
import { SectionCard } from '@/components/ui/section-card';
import { ShowMore } from '@/components/ui/show-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { AUDIT_PAGE, useAudit } from '../api/get-audit';
import { formatDateTime } from '../lib/format-date-time';
import { serverMessageOf } from '../lib/settings-toasts';
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

/**
 * The loaded pages as one list. Pages go by offset, so an event recorded after the first page came
 * pushes the next page back by one: it repeats the last event shown, which shows once.
 */
function loadedEvents(pages: AuditPage[]): SecurityEvent[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.events)
    .filter((event) => !seen.has(event.id) && Boolean(seen.add(event.id)));
}

/**
 * Settings → Security → Security Events, for admins: who did what to which account, from where,
 * newest first, a page at a time (the server pages them: the log only grows).
 */
export function SecurityEventsCard() {
  const audit = useAudit();
  useSessionExpiryRedirect(audit.error);
  const events = useMemo(() => loadedEvents(audit.data?.pages ?? []), [audit.data]);
  const total = audit.data?.pages.at(-1)?.total ?? 0;
  return (
    <SectionCard title={T.auditTitle} icon={History} description={T.auditDescription}>
      {audit.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : audit.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(audit.error) ?? T.auditLoadFailed}
        </p>
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.auditEmpty}</p>
      ) : (
        <div className="space-y-3">
          <Table aria-label={T.auditTitle} {...STACKED.table}>
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
              {events.map((event) => (
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
          {total > AUDIT_PAGE && (
            <ShowMore
              shown={Math.min(events.length, total)}
              total={total}
              loading={audit.isFetchingNextPage}
              onShowMore={() => void audit.fetchNextPage()}
            />
          )}
        </div>
      )}
    </SectionCard>
  );
}
