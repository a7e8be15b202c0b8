import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export const fieldErrorId = (id: string) => `${id}-error`;

/** The props a control needs to be tied to its label's message: spread them on the control itself. */
export function fieldAria(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  } as const;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  className?: string;
  /** The control, carrying `fieldAria(id, error)` so the label names it and the message describes it. */
  children: ReactNode;
}

/** A label, a control that is not a plain input (a select, a text area) and its validation message. */
export function FormField({ id, label, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {/* Wrapped: a Radix select appends a hidden native select, which would push space-y's margin onto it. */}
      <div>{children}</div>
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
