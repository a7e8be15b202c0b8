import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface FilterGroupProps {
  legend: string;
  children: ReactNode;
  className?: string;
}

/** A titled set of related controls; the legend names the group for assistive technology. */
export function FilterGroup({ legend, children, className }: FilterGroupProps) {
  return (
    <fieldset className={cn('min-w-0 space-y-2', className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}
