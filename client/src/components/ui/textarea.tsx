import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { focusRing } from './focus-ring';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
