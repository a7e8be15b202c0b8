import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  moved,
  newOption,
  optionValueFromLabel,
  type OptionDraft,
  type TicketFieldDraft,
} from '../lib/ticket-field-form';
import { TICKET_FIELDS_TEXTS as TEXTS } from '../lib/ticket-fields-texts';
import { focusMoveButton, MoveButtons, type MoveDirection } from './move-buttons';

const OPTIONS_HINT_ID = 'ticket-field-options-hint';
const OPTIONS_ERROR_ID = 'ticket-field-options-error';

/**
 * A dropdown's or multi-select's options: label and value per row, in order. A saved option keeps its
 * value and is deactivated rather than removed (tickets hold it, issue 38); a row never saved can go.
 * The rows are the form's `options` array, changed whole (react-hook-form's useFieldArray would add
 * 1.4 KB gzip to the sign-in page's shared chunk, over its budget).
 */
export function TicketFieldOptionsEditor({ form }: { form: UseFormReturn<TicketFieldDraft> }) {
  const options = useWatch({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const listRef = useRef<HTMLOListElement>(null);
  const [movedRow, setMovedRow] = useState<{ row: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (movedRow) focusMoveButton(listRef.current, movedRow.row, movedRow.direction);
  }, [movedRow]);

  // Checked again as it changes once a save was tried, as the inputs bound to the form are.
  const setOptions = (next: OptionDraft[]) =>
    form.setValue('options', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const nameOf = (option: OptionDraft, index: number) => option.label.trim() || TEXTS.optionName(index);

  const move = (index: number, direction: MoveDirection) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    setOptions(moved(options, index, to));
    setMovedRow({ row: options[index]!.row, direction });
    setAnnouncement(TEXTS.moved(nameOf(options[index]!, index), to + 1, options.length));
  };
  const change = (index: number, patch: Partial<OptionDraft>) =>
    setOptions(options.map((option, each) => (each === index ? { ...option, ...patch } : option)));
  const listError = errors.options?.root?.message ?? errors.options?.message;

  return (
    <fieldset
      className="space-y-3 rounded-md border p-3"
      aria-describedby={listError ? `${OPTIONS_ERROR_ID} ${OPTIONS_HINT_ID}` : OPTIONS_HINT_ID}
    >
      <legend className="px-1 text-sm font-medium">{TEXTS.options}</legend>
      <p id={OPTIONS_HINT_ID} className="text-xs text-muted-foreground">
        {TEXTS.optionsHint}
      </p>
      {options.length > 0 && (
        <ol ref={listRef} className="space-y-3" aria-label={TEXTS.options}>
          {options.map((option, index) => (
            <OptionRow
              key={option.row}
              option={option}
              index={index}
              name={nameOf(option, index)}
              count={options.length}
              errors={errors.options?.[index]}
              onChange={(patch) => change(index, patch)}
              onMove={(direction) => move(index, direction)}
              onRemove={() => setOptions(options.filter((_, each) => each !== index))}
            />
          ))}
        </ol>
      )}
      {listError && (
        <p id={OPTIONS_ERROR_ID} className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => setOptions([...options, newOption()])}>
        <Plus aria-hidden="true" />
        {TEXTS.addOption}
      </Button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

interface OptionRowProps {
  option: OptionDraft;
  index: number;
  name: string;
  count: number;
  errors: { label?: { message?: string }; value?: { message?: string } } | undefined;
  onChange: (patch: Partial<OptionDraft>) => void;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
}

function OptionRow({ option, index, name, count, errors, onChange, onMove, onRemove }: OptionRowProps) {
  const labelId = `ticket-field-${option.row}-label`;
  const valueId = `ticket-field-${option.row}-value`;
  const labelError = errors?.label?.message;
  const valueError = errors?.value?.message;
  const number = TEXTS.optionName(index);
  // Only a row never saved follows its label; a saved value is what tickets hold.
  const followsLabel = !option.saved && !option.valueTouched;

  return (
    <li className="space-y-2 rounded-md bg-muted/40 p-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={labelId} className="text-xs">
            <span className="sr-only">{number} </span>
            {TEXTS.optionLabel}
          </Label>
          <Input
            id={labelId}
            value={option.label}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? fieldErrorId(labelId) : undefined}
            onChange={(event) =>
              onChange({
                label: event.target.value,
                ...(followsLabel ? { value: optionValueFromLabel(event.target.value) } : {}),
              })
            }
          />
          {labelError && (
            <p id={fieldErrorId(labelId)} className="text-sm text-destructive">
              {labelError}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <Label htmlFor={valueId} className="text-xs">
            <span className="sr-only">{number} </span>
            {TEXTS.optionValue}
          </Label>
          <Input
            id={valueId}
            value={option.value}
            readOnly={option.saved}
            className={option.saved ? 'bg-muted text-muted-foreground' : undefined}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? fieldErrorId(valueId) : undefined}
            // An emptied value follows the label again.
            onChange={(event) =>
              onChange({ value: event.target.value, valueTouched: event.target.value !== '' })
            }
          />
          {valueError && (
            <p id={fieldErrorId(valueId)} className="text-sm text-destructive">
              {valueError}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <MoveButtons
          row={option.row}
          name={name}
          first={index === 0}
          last={index === count - 1}
          onMove={onMove}
        />
        {option.saved ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange({ active: !option.active })}
          >
            {option.active ? TEXTS.deactivate : TEXTS.activate}
            <span className="sr-only"> {name}</span>
          </Button>
        ) : (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            {TEXTS.remove}
            <span className="sr-only"> {name}</span>
          </Button>
        )}
        {!option.active && <Badge variant="secondary">{TEXTS.inactive}</Badge>}
      </div>
    </li>
  );
}
