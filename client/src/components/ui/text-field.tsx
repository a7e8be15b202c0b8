import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';
import { Label } from './label';

interface TextFieldProps extends ComponentProps<typeof Input> {
  id: string;
  label: string;
  /** The validation message shown under the input and announced with it. */
  error?: string;
}

/** A labelled input with its validation message: the label's htmlFor makes getByLabel work. */
export function TextField({ id, label, error, className, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
