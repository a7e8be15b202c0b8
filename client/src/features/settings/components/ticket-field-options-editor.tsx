import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrorId } from '@/components/ui/form-field';
import { newOption, optionValueFromLabel, type TicketFieldDraft } from '../lib/ticket-field-form';
import { TICKET_FIELDS_TEXTS as TEXTS } from '../lib/ticket-fields-texts';
import { focusMoveButton, MoveButtons, type MoveDirection } from './move-buttons';

interface OptionsEditorProps {
  form: UseFormReturn<TicketFieldDraft>;
  rows: UseFieldArrayReturn<TicketFieldDraft, 'options'>;
}

const OPTIONS_HINT_ID = 'ticket-field-options-hint';
const OPTIONS_ERROR_ID = 'ticket-field-options-error';

/**
 * A dropdown's or multi-select's options: label and value per row, in order. A saved option keeps its
 * value and is deactivated rather than removed (tickets hold it, issue 38); a row never saved can go.
 */
export function TicketFieldOptionsEditor({ form, rows }: OptionsEditorProps) {
  const options = useWatch({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  const listRef = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ row: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (moved) focusMoveButton(listRef.current, moved.row, moved.direction);
  }, [moved]);

  const move = (index: number, direction: MoveDirection) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    rows.move(index, to);
    setMoved({ row: rows.fields[index]!.id, direction });
    setAnnouncement(TEXTS.moved(nameOf(index), to + 1, rows.fields.length));
  };
  const nameOf = (index: number) => options[index]?.label.trim() || TEXTS.optionName(index);
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
      {rows.fields.length > 0 && (
        <ol ref={listRef} className="space-y-3" aria-label={TEXTS.options}>
          {rows.fields.map((row, index) => (
            <OptionRow
              key={row.id}
              form={form}
              rowId={row.id}
              index={index}
              name={nameOf(index)}
              count={rows.fields.length}
              onMove={(direction) => move(index, direction)}
              onRemove={() => rows.remove(index)}
            />
          ))}
        </ol>
      )}
      {listError && (
        <p id={OPTIONS_ERROR_ID} className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append(newOption())}>
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
  form: UseFormReturn<TicketFieldDraft>;
  rowId: string;
  index: number;
  name: string;
  count: number;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
}

function OptionRow({ form, rowId, index, name, count, onMove, onRemove }: OptionRowProps) {
  const option = useWatch({ control: form.control, name: `options.${index}` });
  const errors = form.formState.errors.options?.[index];
  const labelId = `ticket-field-option-${rowId}-label`;
  const valueId = `ticket-field-option-${rowId}-value`;
  const labelError = errors?.label?.message;
  const valueError = errors?.value?.message;
  const number = TEXTS.optionName(index);
  // Only a row never saved follows its label; a saved value is what tickets hold.
  const followsLabel = !option?.saved && !option?.valueTouched;

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
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? fieldErrorId(labelId) : undefined}
            {...form.register(`options.${index}.label`, {
              onChange: (event: { target: { value: string } }) => {
                if (followsLabel) {
                  form.setValue(`options.${index}.value`, optionValueFromLabel(event.target.value), {
                    shouldValidate: form.formState.isSubmitted,
                  });
                }
              },
            })}
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
            readOnly={option?.saved}
            className={option?.saved ? 'bg-muted text-muted-foreground' : undefined}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? fieldErrorId(valueId) : undefined}
            {...form.register(`options.${index}.value`, {
              onChange: (event: { target: { value: string } }) =>
                form.setValue(`options.${index}.valueTouched`, event.target.value !== ''),
            })}
          />
          {valueError && (
            <p id={fieldErrorId(valueId)} className="text-sm text-destructive">
              {valueError}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <MoveButtons row={rowId} name={name} first={index === 0} last={index === count - 1} onMove={onMove} />
        {option?.saved ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => form.setValue(`options.${index}.active`, !option.active, { shouldDirty: true })}
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
        {option && !option.active && <Badge variant="secondary">{TEXTS.inactive}</Badge>}
      </div>
    </li>
  );
}
