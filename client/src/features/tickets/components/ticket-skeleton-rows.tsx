import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

/** The loading state: five placeholder rows shaped like tickets (spec §2). */
const SKELETON_ROWS = 5;

export function TicketSkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <TableRow key={row} data-testid="ticket-skeleton-row" className="hover:bg-transparent">
      {Array.from({ length: columns }, (_, column) => (
        <TableCell key={column}>
          <Skeleton className={column === 0 ? 'size-4' : 'h-4 w-full min-w-12'} />
        </TableCell>
      ))}
    </TableRow>
  ));
}
