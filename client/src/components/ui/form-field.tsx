import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export const fieldErrorId = (id: string) => `${id}-error`;

/** What ties a control to its label and message: spread it on the input, textarea or select trigger. */
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
  /** Marks the label with "*" (decorative; the form's own validation says what is missing). */
  required?: boolean;
  error?: string;
  className?: string;
  /** The control, carrying `fieldAria(id, error)` so the label names it and the message describes it. */
  children: ReactNode;
}

/** A label, a control that is not a plain input (a select, a text area) and its validation message. */
export function FormField({ id, label, required, error, className, children }: FormFieldProps) {
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
