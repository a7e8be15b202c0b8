import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';

interface SelectFieldProps {
  label: string;
  /** Receives the id the label points at; put it on the control. */
  children: (id: string) => ReactNode;
}

/** A label above a control that is not a plain input (a Radix select, a read-only value). */
export function SelectField({ label, children }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {/* Wrapped: a Radix select appends a hidden native select, which would take space-y's margin. */}
      <div>{children(id)}</div>
    </div>
  );
}

/** The option a Radix select reported, typed as one of `options` (it hands back a plain string). */
export function findOption<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}
