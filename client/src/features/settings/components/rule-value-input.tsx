import {
  MANUAL_STATUS_LABELS,
  MANUAL_TICKET_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@shared/constants';
import { CANNED_RESPONSE_TEXTS } from '@shared/contracts/canned-responses';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import {
  RULE_CHANGED_FIELDS,
  RULE_CHANNELS,
  RULE_CURRENT_USER,
  RULE_FIELD_LABELS,
  RULE_GROUP_ASSIGNMENT,
  RULE_LIMITS,
  RULE_NONE,
  RULE_SINCE,
  RULE_SLA_STATES,
  type RuleChangedField,
  type RuleKind,
  type RuleSince,
} from '@shared/contracts/rules';
import { priorityLabel } from '@shared/contracts/sla';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { GroupSelect } from '@/components/group-select';
import { TagPicker } from '@/components/tags/tag-picker';
import { withoutTag, withTag } from '@/components/tags/tag-rules';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useGroupChoices } from '@/lib/groups';
import { UNKNOWN_USER_LABEL, userName, useUsers } from '@/lib/users';
import { cn } from '@/lib/utils';
import { useCannedResponses } from '../api/canned-responses';
import { useWebhooks } from '../api/webhooks';
import type { ChangedDraft, HoursCalendar, HoursSinceDraft, ValueDraft, ValueShape } from '../lib/rule-form';
import {
  RULE_CHANNEL_LABELS,
  RULE_SINCE_LABELS,
  RULE_SLA_LABELS,
  RULE_STATUS_LABELS,
  RULES_TEXTS as TEXTS,
} from '../lib/rules-texts';

export interface Choice {
  value: string;
  label: string;
}

/** A select item cannot have an empty value, so "Any value" (changed to anything) has this one. */
const ANY_VALUE = '__any__';

const hintOf = (id: string) => `${id}-hint`;

/** What ties a control to its message (and hint): aria-invalid and aria-describedby. */
function describedBy(id: string, error: string | undefined, hint?: string) {
  const ids = [error ? fieldErrorId(id) : undefined, hint].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** A label whose accessible name starts with the row's ("Condition 1 Value"); the row's name is heard only. */
export function RowLabel({ htmlFor, rowName, text }: { htmlFor: string; rowName: string; text: string }) {
  return (
    <Label htmlFor={htmlFor} className="text-xs">
      <span className="sr-only">{rowName} </span>
      {text}
    </Label>
  );
}

export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="text-sm text-destructive">
      {error}
    </p>
  );
}

export interface ChoiceSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  error?: string;
  /** The label of a value the choices lack (a user deactivated since): the trigger still names it. */
  unlistedLabel?: string;
  /** A hint beside the select that describes it too. */
  hintId?: string;
}

/** A select of `choices`; '' shows "Choose…". */
export function ChoiceSelect({
  id,
  value,
  onChange,
  choices,
  error,
  unlistedLabel,
  hintId,
}: ChoiceSelectProps) {
  const unlisted = value !== '' && !choices.some((choice) => choice.value === value);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} {...describedBy(id, error, hintId)}>
        <SelectValue placeholder={TEXTS.choose} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
        {unlisted && <SelectItem value={value}>{unlistedLabel ?? value}</SelectItem>}
      </SelectContent>
    </Select>
  );
}

const STATUS_CHOICES = TICKET_STATUSES.map((value) => ({ value, label: RULE_STATUS_LABELS[value] }));
const MANUAL_STATUS_CHOICES = MANUAL_TICKET_STATUSES.map((value) => ({
  value,
  label: MANUAL_STATUS_LABELS[value],
}));
const PRIORITY_CHOICES = TICKET_PRIORITIES.map((value) => ({ value, label: priorityLabel(value) }));
const CHANNEL_CHOICES = RULE_CHANNELS.map((value) => ({ value, label: RULE_CHANNEL_LABELS[value] }));
const SLA_CHOICES = RULE_SLA_STATES.map((value) => ({ value, label: RULE_SLA_LABELS[value] }));
const SINCE_CHOICES = RULE_SINCE.map((value) => ({ value, label: RULE_SINCE_LABELS[value] }));
const CALENDAR_CHOICES = (['business', 'calendar'] as const).map((value) => ({
  value,
  label: TEXTS.calendarLabels[value],
}));
const CHANGED_FIELD_CHOICES = RULE_CHANGED_FIELDS.map((value) => ({
  value,
  label: RULE_FIELD_LABELS[value],
}));
const BOOLEAN_CHOICES = [
  { value: 'true', label: TEXTS.yes },
  { value: 'false', label: TEXTS.no },
];

/** The active users (GET /api/users, the pickers' shared entry), after the special values given. */
function useUserChoices(...first: Choice[]): Choice[] {
  const { data: users = [] } = useUsers();
  return [...first, ...users.map((user) => ({ value: user.id, label: userName(user) }))];
}

function useGroupOnlyChoices(...first: Choice[]): Choice[] {
  const groups = useGroupChoices();
  return [...first, ...groups.map((group) => ({ value: group.id, label: group.name }))];
}

/** Team canned responses: a rule's reply is sent in the team's name, never an agent's personal one. */
function useTeamResponseChoices(): Choice[] {
  const { data: responses = [] } = useCannedResponses('');
  return responses
    .filter((response) => response.scope === 'team')
    .map((response) => ({ value: response.id, label: response.name }));
}

const NOBODY: Choice = { value: RULE_NONE, label: TEXTS.nobody };
const CURRENT_USER: Choice = { value: RULE_CURRENT_USER, label: TEXTS.currentUser };
const NO_GROUP: Choice = { value: RULE_NONE, label: GROUP_TEXTS.noGroup };

export interface RuleValueInputProps {
  shape: ValueShape;
  /** The row's key: each control's id starts with it. */
  id: string;
  /** "Condition 1", "Action 2": heard before each label. */
  rowName: string;
  value: ValueDraft;
  onChange: (value: ValueDraft) => void;
  error?: string;
  /** The custom field a `cf.<key>` condition tests or set_field sets. */
  field?: TicketField;
  kind: RuleKind;
  className?: string;
}

/**
 * A condition's or an action's value, by the editor its field takes (no free-form code, issue 40):
 * selects for statuses, priorities, channels, SLA states, groups, users and canned responses; the tag
 * box; words; text, numbers and dates of a custom field; since-when and hours; a change's field and
 * value. Nothing where the operator takes no value.
 */
export function RuleValueInput(props: RuleValueInputProps) {
  const { shape, className } = props;
  if (shape === 'none') return null;
  if (shape === 'hoursSince') return <HoursSinceInput {...props} />;
  if (shape === 'changed') return <ChangedInput {...props} />;
  if (shape === 'options') return <OptionsInput {...props} />;
  const id = `${props.id}-value`;
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <RowLabel htmlFor={id} rowName={props.rowName} text={labelOf(shape)} />
      <SingleControl {...props} id={id} />
      <FieldMessage id={id} error={props.error} />
    </div>
  );
}

function labelOf(shape: ValueShape): string {
  switch (shape) {
    case 'words':
      return TEXTS.words;
    case 'tags':
      return TEXTS.tags;
    case 'note':
      return TEXTS.note;
    case 'cannedResponse':
      return TEXTS.cannedResponse;
    case 'webhook':
      return TEXTS.webhook;
    case 'user':
      return TEXTS.user;
    case 'groupOnly':
      return TEXTS.group;
    default:
      return TEXTS.value;
  }
}

/** One control for the shape, its id `id` (the label's). */
function SingleControl({ shape, id, rowName, value, onChange, error, field, kind }: RuleValueInputProps) {
  const text = typeof value === 'string' ? value : '';
  const select = (choices: readonly Choice[], unlistedLabel?: string) => (
    <ChoiceSelect
      id={id}
      value={text}
      onChange={onChange}
      choices={choices}
      error={error}
      unlistedLabel={unlistedLabel}
    />
  );
  switch (shape) {
    case 'status':
      return select(STATUS_CHOICES);
    case 'manualStatus':
      return select(MANUAL_STATUS_CHOICES);
    case 'priority':
      return select(PRIORITY_CHOICES);
    case 'channel':
      return select(CHANNEL_CHOICES);
    case 'sla':
      return select(SLA_CHOICES);
    case 'boolean':
      return select(BOOLEAN_CHOICES);
    case 'option':
      return select(optionChoices(field, text));
    case 'group':
      return (
        <GroupSelect
          value={text === RULE_NONE || text === '' ? null : text}
          onChange={(group) => onChange(group ?? RULE_NONE)}
          triggerProps={{ id, ...describedBy(id, error) }}
        />
      );
    case 'groupOnly':
      return <GroupOnlySelect id={id} value={text} onChange={onChange} error={error} />;
    case 'assignee':
    case 'actionAssignee':
    case 'user':
      return <UserSelect shape={shape} kind={kind} id={id} value={text} onChange={onChange} error={error} />;
    case 'cannedResponse':
      return <CannedResponseSelect id={id} value={text} onChange={onChange} error={error} />;
    case 'webhook':
      return <WebhookSelect id={id} value={text} onChange={onChange} error={error} />;
    case 'tags': {
      const tags = Array.isArray(value) ? value : [];
      return (
        <TagPicker
          id={id}
          tags={tags}
          label={`${TEXTS.tags} (${rowName})`}
          limit={RULE_LIMITS.words}
          onAdd={(tag) => onChange(withTag(tags, tag))}
          onRemove={(tag) => onChange(withoutTag(tags, tag))}
          aria-describedby={error ? fieldErrorId(id) : undefined}
        />
      );
    }
    case 'words':
      return (
        <>
          <Input
            id={id}
            value={text}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value)}
            {...describedBy(id, error, hintOf(id))}
          />
          <p id={hintOf(id)} className="text-xs text-muted-foreground">
            {TEXTS.wordsHint}
          </p>
        </>
      );
    case 'note':
      return (
        <>
          <Textarea
            id={id}
            rows={3}
            maxLength={RULE_LIMITS.noteLength}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            {...describedBy(id, error, hintOf(id))}
          />
          <p id={hintOf(id)} className="text-xs break-words text-muted-foreground">
            {CANNED_RESPONSE_TEXTS.placeholdersHelp}
          </p>
        </>
      );
    case 'number':
      return (
        <Input
          id={id}
          type="number"
          inputMode={field?.type === 'number' ? 'numeric' : 'decimal'}
          step={field?.type === 'number' ? 1 : 'any'}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error)}
        />
      );
    case 'date':
      return (
        <Input
          id={id}
          type="date"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error)}
        />
      );
    default:
      return (
        <Input
          id={id}
          value={text}
          autoComplete="off"
          maxLength={field ? undefined : 320}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error)}
        />
      );
  }
}

/** A dropdown's active options, and the value held when its option has been deactivated since. */
function optionChoices(field: TicketField | undefined, held: string | readonly string[]): Choice[] {
  const kept = new Set(typeof held === 'string' ? [held] : held);
  return (field?.options ?? [])
    .filter((option) => option.active || kept.has(option.value))
    .map((option) => ({ value: option.value, label: option.label }));
}

function GroupOnlySelect(props: Omit<ChoiceSelectProps, 'choices'>) {
  const choices = useGroupOnlyChoices();
  return <ChoiceSelect {...props} choices={choices} unlistedLabel={GROUP_TEXTS.unknownGroup} />;
}

interface UserSelectProps extends Omit<ChoiceSelectProps, 'choices'> {
  shape: 'assignee' | 'actionAssignee' | 'user';
  kind: RuleKind;
}

/**
 * Users, after what an assignee may be besides one: "Nobody", "The user who made the change" (a
 * trigger's condition only: a schedule has none) or "The group's assignment" (an action).
 */
function UserSelect({ shape, kind, ...props }: UserSelectProps) {
  const special =
    shape === 'assignee'
      ? kind === 'trigger'
        ? [NOBODY, CURRENT_USER]
        : [NOBODY]
      : shape === 'actionAssignee'
        ? [NOBODY, { value: RULE_GROUP_ASSIGNMENT, label: TEXTS.groupAssignment }]
        : [];
  const choices = useUserChoices(...special);
  return <ChoiceSelect {...props} choices={choices} unlistedLabel={UNKNOWN_USER_LABEL} />;
}

/** Team canned responses; while there is none, a line under the select says so. */
function CannedResponseSelect(props: Omit<ChoiceSelectProps, 'choices'>) {
  const choices = useTeamResponseChoices();
  return (
    <>
      <ChoiceSelect
        {...props}
        choices={choices}
        unlistedLabel={TEXTS.unknownResponse}
        hintId={choices.length === 0 ? hintOf(props.id) : undefined}
      />
      {choices.length === 0 && (
        <p id={hintOf(props.id)} className="text-xs text-muted-foreground">
          {TEXTS.noTeamResponses}
        </p>
      )}
    </>
  );
}

/** A rule's webhook action (issue 43): the webhooks by URL, off ones said. */
function WebhookSelect(props: Omit<ChoiceSelectProps, 'choices'>) {
  const { data: webhooks = [] } = useWebhooks();
  const choices = webhooks.map((webhook) => ({
    value: webhook.id,
    label: webhook.active ? webhook.url : `${webhook.url} (${TEXTS.off})`,
  }));
  return (
    <>
      <ChoiceSelect
        {...props}
        choices={choices}
        unlistedLabel={TEXTS.unknownWebhook}
        hintId={choices.length === 0 ? hintOf(props.id) : undefined}
      />
      {choices.length === 0 && (
        <p id={hintOf(props.id)} className="text-xs text-muted-foreground">
          {TEXTS.noWebhooks}
        </p>
      )}
    </>
  );
}

/** A multi-select field's options as checkboxes, named by the label. */
function OptionsInput({ id, rowName, value, onChange, error, field, className }: RuleValueInputProps) {
  const chosen = Array.isArray(value) ? value : [];
  const groupId = `${id}-value`;
  const choices = optionChoices(field, chosen);
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...chosen, option] : chosen.filter((each) => each !== option));
  return (
    <fieldset id={groupId} className={cn('min-w-0 space-y-1', className)} {...describedBy(groupId, error)}>
      <legend className="text-xs leading-none font-medium">
        <span className="sr-only">{rowName} </span>
        {TEXTS.value}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 pt-2">
        {choices.map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={`${groupId}-${option.value}`}
              checked={chosen.includes(option.value)}
              aria-invalid={error ? true : undefined}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
            />
            <Label htmlFor={`${groupId}-${option.value}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </div>
      <FieldMessage id={groupId} error={error} />
    </fieldset>
  );
}

const asHoursSince = (value: ValueDraft): HoursSinceDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'since' in value
    ? value
    : { since: 'updated', hours: '', calendar: 'business' };

/** `hoursSince`: since when, how many hours, counted in business or calendar hours. */
function HoursSinceInput({ id, rowName, value, onChange, error, className }: RuleValueInputProps) {
  const current = asHoursSince(value);
  const change = (patch: Partial<HoursSinceDraft>) => onChange({ ...current, ...patch });
  const sinceId = `${id}-since`;
  const hoursId = `${id}-hours`;
  const calendarId = `${id}-calendar`;
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <div className="grid gap-2 sm:grid-cols-3">
        <div className="min-w-0 space-y-1">
          <RowLabel htmlFor={sinceId} rowName={rowName} text={TEXTS.since} />
          <ChoiceSelect
            id={sinceId}
            value={current.since}
            onChange={(since) => change({ since: since as RuleSince })}
            choices={SINCE_CHOICES}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <RowLabel htmlFor={hoursId} rowName={rowName} text={TEXTS.hours} />
          <Input
            id={hoursId}
            type="number"
            inputMode="decimal"
            min={0}
            max={RULE_LIMITS.hours}
            step="any"
            value={current.hours}
            onChange={(event) => change({ hours: event.target.value })}
            {...describedBy(hoursId, error)}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <RowLabel htmlFor={calendarId} rowName={rowName} text={TEXTS.calendar} />
          <ChoiceSelect
            id={calendarId}
            value={current.calendar}
            onChange={(calendar) => change({ calendar: calendar as HoursCalendar })}
            choices={CALENDAR_CHOICES}
          />
        </div>
      </div>
      <FieldMessage id={hoursId} error={error} />
    </div>
  );
}

const asChanged = (value: ValueDraft): ChangedDraft =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'field' in value
    ? value
    : { field: 'status', to: '' };

/** `changed`: which field changed, and optionally to what ("Any value" by default). */
function ChangedInput({ id, rowName, value, onChange, error, kind, className }: RuleValueInputProps) {
  const current = asChanged(value);
  const fieldId = `${id}-changed-field`;
  const toId = `${id}-changed-to`;
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <RowLabel htmlFor={fieldId} rowName={rowName} text={TEXTS.changedField} />
          <ChoiceSelect
            id={fieldId}
            value={current.field}
            onChange={(field) => onChange({ field: field as RuleChangedField, to: '' })}
            choices={CHANGED_FIELD_CHOICES}
          />
        </div>
        <div className="min-w-0 space-y-1">
          <RowLabel htmlFor={toId} rowName={rowName} text={TEXTS.changedTo} />
          <ChangedToControl
            id={toId}
            field={current.field}
            kind={kind}
            value={current.to}
            onChange={(to) => onChange({ ...current, to })}
            error={error}
          />
        </div>
      </div>
      <FieldMessage id={toId} error={error} />
    </div>
  );
}

interface ChangedToProps {
  id: string;
  field: RuleChangedField;
  kind: RuleKind;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** What the field changed to, "Any value" being '': a tag is typed, the rest chosen. */
function ChangedToControl({ id, field, kind, value, onChange, error }: ChangedToProps) {
  const users = useUserChoices(NOBODY, ...(kind === 'trigger' ? [CURRENT_USER] : []));
  const groups = useGroupOnlyChoices(NO_GROUP);
  if (field === 'tags') {
    return (
      <Input
        id={id}
        value={value}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={TEXTS.anyTag}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
      />
    );
  }
  const choices =
    field === 'status'
      ? STATUS_CHOICES
      : field === 'priority'
        ? PRIORITY_CHOICES
        : field === 'assignedTo'
          ? users
          : groups;
  return (
    <ChoiceSelect
      id={id}
      value={value === '' ? ANY_VALUE : value}
      onChange={(next) => onChange(next === ANY_VALUE ? '' : next)}
      choices={[{ value: ANY_VALUE, label: TEXTS.anyValue }, ...choices]}
      error={error}
    />
  );
}
