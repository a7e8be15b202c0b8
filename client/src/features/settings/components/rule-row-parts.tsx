/**
 * What a condition row and an action row of the rule editor share (issue 40): the row's frame (its
 * heading and its Remove button) and a labelled select with its message.
 */
import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';
import { ChoiceSelect, FieldMessage, RowLabel, type ChoiceSelectProps } from './rule-value-input';

/** A row: "Condition 1" and Remove (its hidden words name the row for a screen reader), then `children`. */
export function RuleRowFrame({
  rowName,
  removeName,
  onRemove,
  children,
}: {
  rowName: string;
  /** What Remove says after "Remove" to a screen reader: the row, and its group when it has one. */
  removeName: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li className="space-y-2 rounded-md border bg-muted/30 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground">{rowName}</span>
        <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={onRemove}>
          <X aria-hidden="true" />
          {TEXTS.remove}
          <span className="sr-only"> {removeName}</span>
        </Button>
      </div>
      {children}
    </li>
  );
}

/** A select of the row with its label ("Condition 1 Field") and its message. */
export function RowSelect({
  rowName,
  label,
  ...select
}: ChoiceSelectProps & { rowName: string; label: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <RowLabel htmlFor={select.id} rowName={rowName} text={label} />
      <ChoiceSelect {...select} />
      <FieldMessage id={select.id} error={select.error} />
    </div>
  );
}
