import type { ComponentProps } from 'react';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';

/**
 * A table that scrolls sideways inside its box instead of widening the page on narrow screens. With
 * `scrollLabel` the box is a named tab stop, so keyboard users can scroll it with the arrow keys when
 * its content is wider than the box (a table whose cells hold no link or button has nothing else to
 * focus).
 */
export function Table({
  className,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { scrollLabel?: string }) {
  return (
    <div
      className={cn('relative w-full overflow-x-auto', scrollLabel && cn('rounded-md', focusRing))}
      {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-2 text-left 2xl:px-2.5 align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  // Narrower gutters below 1536 px, so the ticket list with its SLA clocks fits from 1280 px (issue 37).
  return <td className={cn('px-2 py-3 align-middle 2xl:px-2.5', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
