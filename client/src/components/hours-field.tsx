import type { ComponentProps } from 'react';
import { HOURS_MAX_PER_ENTRY, HOURS_STEP } from '@shared/constants';
import { TextField } from '@/components/ui/text-field';

/**
 * An hours input as every time form has it (Add Time Entry, its edit dialog, Close Ticket): quarter
 * hours from HOURS_STEP up to HOURS_MAX_PER_ENTRY, the decimal keypad on phones.
 */
export function HoursField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'step' | 'min' | 'max'>) {
  return (
    <TextField
      type="number"
      inputMode="decimal"
      step={HOURS_STEP}
      min={HOURS_STEP}
      max={HOURS_MAX_PER_ENTRY}
      placeholder="0.00"
      {...props}
    />
  );
}
