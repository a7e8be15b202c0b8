import type { ReactNode } from 'react';
import { TableCell } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/**
 * The webhooks' tables (the list and a webhook's deliveries) from 768 px; below it each row stacks into
 * a card with the column's name before each value, so nothing scrolls sideways on a phone (as the
 * Team and Security Events tables do). The roles keep it a table to screen readers either way.
 */
export const STACKED = {
  table: { role: 'table', className: 'max-md:block' },
  header: { role: 'rowgroup', className: 'max-md:sr-only' },
  body: { role: 'rowgroup', className: 'max-md:block max-md:space-y-3' },
  row: {
    role: 'row',
    className:
      'hover:bg-transparent max-md:block max-md:rounded-md max-md:border max-md:p-3 max-md:last:border!',
  },
  cell: { role: 'cell', className: 'max-md:block max-md:px-0 max-md:py-1' },
} as const;

/** A cell whose column name shows before its value on a phone, where the header row is hidden. */
export function StackedCell({
  label,
  children,
  className,
}: {
  /** The column's name; none for a cell that names itself (the URL, the actions). */
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TableCell {...STACKED.cell} className={cn(STACKED.cell.className, className)}>
      {label && <span className="text-muted-foreground md:hidden">{label}: </span>}
      {children}
    </TableCell>
  );
}
