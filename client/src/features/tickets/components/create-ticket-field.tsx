import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export const fieldErrorId = (id: string) => `${id}-error`;

/** What ties a control to its label and message: spread it on the input, textarea or select trigger. */
export function fieldAria(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  } as const;
}

interface CreateTicketFieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  /** The control, carrying `fieldAria(id, error)`. */
  children: ReactNode;
}

/** A label (with the spec's "*" on required fields), its control and its validation message. */
export function CreateTicketField({
  id,
  label,
  required,
  error,
  className,
  children,
}: CreateTicketFieldProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      {/* Wrapped: a Radix select appends a hidden native select, which would take space-y's margin. */}
      <div>{children}</div>
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
