import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface RowActionProps {
  /** The button's accessible name ("View ticket #1001"). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  title?: string;
  disabled?: boolean;
  /** Red: the action deletes. */
  destructive?: boolean;
}

/**
 * One icon button of a ticket row. The click does not reach the row, which would open the ticket a
 * second way.
 */
export function RowAction({ label, icon: Icon, onClick, title, disabled, destructive }: RowActionProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-8', destructive && 'text-destructive hover:text-destructive')}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** The row's buttons, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-0.5">{children}</div>;
}
