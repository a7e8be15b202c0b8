import {
  TICKET_FIELD_LIMITS,
  type CustomFieldValue,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { FieldDraft } from '../lib/custom-field-drafts';

export interface CustomFieldInputProps {
  field: TicketField;
  /** Unique on the page: the control's id, its message's id derives from it. */
  id: string;
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  error?: string;
  /** The ticket's stored value: a dropdown keeps offering its option even once deactivated. */
  stored?: CustomFieldValue;
  /** Says "Required to close" under the label (the detail and the Close Ticket card). */
  showRequiredHint?: boolean;
}

/** A select item cannot have an empty value, so "None" (clearing the value) has its own. */
const NONE = '__none__';

const hintId = (id: string) => `${id}-hint`;

/** What ties the control to its message and hint. */
function describedBy(props: CustomFieldInputProps) {
  const ids = [props.error && fieldErrorId(props.id), props.showRequiredHint && hintId(props.id)];
  return {
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': ids.filter(Boolean).join(' ') || undefined,
  } as const;
}

/** The options a form offers: the active ones, plus those the ticket holds now, deactivated or not. */
function offeredOptions(field: TicketField, stored: CustomFieldValue | undefined) {
  const held = new Set(Array.isArray(stored) ? stored : typeof stored === 'string' ? [stored] : []);
  return field.options.filter((option) => option.active || held.has(option.value));
}

function Control(props: CustomFieldInputProps) {
  const { field, id, draft, onChange, stored } = props;
  const aria = describedBy(props);
  const text = typeof draft === 'string' ? draft : '';
  switch (field.type) {
    case 'textarea':
      return (
        <Textarea
          id={id}
          rows={3}
          maxLength={TICKET_FIELD_LIMITS.textarea}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      );
    case 'number':
    case 'decimal':
      return (
        <Input
          id={id}
          type="number"
          inputMode={field.type === 'number' ? 'numeric' : 'decimal'}
          step={field.type === 'number' ? 1 : 'any'}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      );
    case 'date':
      return <Input id={id} type="date" value={text} onChange={(e) => onChange(e.target.value)} {...aria} />;
    case 'dropdown':
      return (
        <Select
          value={text === '' ? NONE : text}
          onValueChange={(next) => onChange(next === NONE ? '' : next)}
        >
          <SelectTrigger id={id} {...aria}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>None</SelectItem>
            {offeredOptions(field, stored).map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
    default:
      return (
        <Input
          id={id}
          value={text}
          maxLength={TICKET_FIELD_LIMITS.text}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        />
      );
  }
}

/** A multi-select as a group of checkboxes, named by the field's label. */
function OptionGroup(props: CustomFieldInputProps) {
  const { field, id, draft, onChange, stored } = props;
  const chosen = Array.isArray(draft) ? draft : [];
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...chosen, value] : chosen.filter((each) => each !== value));
  return (
    <fieldset id={id} className="space-y-2" {...describedBy(props)}>
      <legend className="text-sm leading-none font-medium">{field.label}</legend>
      <Hint {...props} />
      <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
        {offeredOptions(field, stored).map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${option.value}`}
              checked={chosen.includes(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
            />
            <Label htmlFor={`${id}-${option.value}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </div>
      <Message {...props} />
    </fieldset>
  );
}

function Hint({ id, showRequiredHint }: CustomFieldInputProps) {
  if (!showRequiredHint) return null;
  return (
    <p id={hintId(id)} className="text-xs text-muted-foreground">
      Required to close
    </p>
  );
}

function Message({ id, error }: CustomFieldInputProps) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="text-sm text-destructive">
      {error}
    </p>
  );
}

/**
 * One custom field as an input by its type (issue 38), shared by the detail's Edit Fields, New Ticket
 * and the Close Ticket card: text, long text, whole and decimal numbers, a date, a checkbox, a
 * dropdown (with "None" to clear it) and a multi-select as a checkbox group.
 */
export function CustomFieldInput(props: CustomFieldInputProps) {
  const { field, id, draft, onChange } = props;
  if (field.type === 'multiselect') return <OptionGroup {...props} />;
  if (field.type === 'checkbox') {
    return (
      <div className="space-y-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            checked={draft === true}
            onCheckedChange={(checked) => onChange(checked === true)}
            {...describedBy(props)}
          />
          <Label htmlFor={id}>{field.label}</Label>
        </div>
        <Hint {...props} />
        <Message {...props} />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{field.label}</Label>
      <Hint {...props} />
      {/* Wrapped: a Radix select appends a hidden native select, which would take space-y's margin. */}
      <div>
        <Control {...props} />
      </div>
      <Message {...props} />
    </div>
  );
}
