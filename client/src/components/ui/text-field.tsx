import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Label } from './label';

interface TextFieldProps extends ComponentProps<typeof Input> {
  id: string;
  label: string;
  /** The validation message shown under the input and announced with it. */
  error?: string;
  /** A hint elsewhere on the page that describes the input too, after the message when there is one. */
  hintId?: string;
}

/** A labelled input with its validation message: the label's htmlFor makes getByLabel work. */
export function TextField({ id, label, error, hintId, className, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
