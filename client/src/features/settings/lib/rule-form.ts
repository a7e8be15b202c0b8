import {
  RULE_ACTION_LABELS,
  RULE_EVENTS,
  RULE_FIELD_LABELS,
  RULE_FIELD_OPS,
  RULE_FIELD_OPS_BY_TYPE,
  RULE_FIXED_FIELDS,
  RULE_LIMITS,
  RULE_MESSAGES,
  RULE_NONE,
  RULE_SCHEDULE_ONLY_FIELDS,
  RULE_TRIGGER_ONLY_FIELDS,
  ruleInputSchema,
  rulePath,
  type NOTIFY_TARGETS,
  type Rule,
  type RuleAction,
  type RuleActionKind,
  type RuleChangedField,
  type RuleCondition,
  type RuleEvent,
  type RuleFixedField,
  type RuleInput,
  type RuleKind,
  type RulePreviewInput,
  type RuleSince,
} from '@shared/contracts/rules';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { RULES_TEXTS as TEXTS } from './rules-texts';

export type ConditionGroup = 'all' | 'any';
export const CONDITION_GROUPS: readonly ConditionGroup[] = ['all', 'any'];
export type NotifyTarget = (typeof NOTIFY_TARGETS)[number];
export type HoursCalendar = 'business' | 'calendar';

/** The custom fields by key, inactive ones too (a saved rule may still name one). */
export type FieldsByKey = ReadonlyMap<string, TicketField>;

const CUSTOM_FIELD_PREFIX = 'cf.';
/** A custom field's condition field: `cf.<key>`. */
export const customFieldName = (key: string) => `${CUSTOM_FIELD_PREFIX}${key}`;
/** The key of a `cf.<key>` condition field; null for a fixed field. */
export const customFieldKey = (field: string): string | null =>
  field.startsWith(CUSTOM_FIELD_PREFIX) ? field.slice(CUSTOM_FIELD_PREFIX.length) : null;

/** `hoursSince` while edited: the hours as typed. */
export interface HoursSinceDraft {
  since: RuleSince;
  hours: string;
  calendar: HoursCalendar;
}

/** `changed` while edited: `to` is '' for "any value". */
export interface ChangedDraft {
  field: RuleChangedField;
  to: string;
}

/**
 * What a value's editor holds: the text typed (words, numbers), the option chosen ('' for none yet),
 * the tags or options ticked, null where the operator takes no value, or the two structured values.
 */
export type ValueDraft = string | string[] | null | HoursSinceDraft | ChangedDraft;

/** One condition row. */
export interface ConditionDraft {
  /** The row's own key in the editor, kept while rows come and go (never sent). */
  row: string;
  field: string;
  op: string;
  value: ValueDraft;
}

/** One action row: `key` is set_field's field, `to` notify's target; each unused by the other kinds. */
export interface ActionDraft {
  row: string;
  kind: RuleActionKind;
  key: string;
  to: NotifyTarget;
  value: ValueDraft;
}

/** The editor's values. */
export interface RuleDraft {
  name: string;
  active: boolean;
  kind: RuleKind;
  /** Kept while the kind is schedule (a schedule sends none), so switching back keeps the choice. */
  events: RuleEvent[];
  all: ConditionDraft[];
  any: ConditionDraft[];
  actions: ActionDraft[];
}

/**
 * Which editor a value takes. Each select-like shape holds an option's value as text; the component
 * decides which options it offers (a condition's status is any of four, an action's one of three).
 */
export type ValueShape =
  | 'none'
  | 'words'
  | 'tags'
  | 'text'
  | 'note'
  | 'number'
  | 'date'
  | 'boolean'
  | 'option'
  | 'options'
  | 'status'
  | 'manualStatus'
  | 'priority'
  | 'channel'
  | 'sla'
  | 'group'
  | 'groupOnly'
  | 'assignee'
  | 'actionAssignee'
  | 'user'
  | 'cannedResponse'
  | 'webhook'
  | 'hoursSince'
  | 'changed';

const DEFAULT_HOURS_SINCE: HoursSinceDraft = { since: 'updated', hours: '', calendar: 'business' };
const DEFAULT_CHANGED: ChangedDraft = { field: 'status', to: '' };

let rows = 0;
const nextRow = () => `rule-row-${(rows += 1)}`;

// --- Fields and operators ------------------------------------------------------------------------

/** Whether a rule of `kind` may test `field` (custom fields: both kinds). */
export function fieldAllowed(field: string, kind: RuleKind): boolean {
  if (customFieldKey(field) !== null) return true;
  const excluded = kind === 'trigger' ? RULE_SCHEDULE_ONLY_FIELDS : RULE_TRIGGER_ONLY_FIELDS;
  return !(excluded as readonly string[]).includes(field);
}

export interface FieldChoice {
  value: string;
  label: string;
}

/** The fields a condition of `kind` offers: the fixed ones it may test, then the active custom fields. */
export function conditionFieldChoices(kind: RuleKind, activeFields: readonly TicketField[]): FieldChoice[] {
  return [
    ...RULE_FIXED_FIELDS.filter((field) => fieldAllowed(field, kind)).map((field) => ({
      value: field,
      label: RULE_FIELD_LABELS[field],
    })),
    ...activeFields.map((field) => ({ value: customFieldName(field.key), label: field.label })),
  ];
}

const isFixedField = (field: string): field is RuleFixedField => Object.hasOwn(RULE_FIELD_OPS, field);

/** The operators `field` takes; none for a field not known (a custom field gone since). */
export function opsFor(field: string, fields: FieldsByKey): readonly string[] {
  const key = customFieldKey(field);
  if (key !== null) {
    const custom = fields.get(key);
    return custom ? RULE_FIELD_OPS_BY_TYPE[custom.type] : [];
  }
  return isFixedField(field) ? RULE_FIELD_OPS[field] : [];
}

/** A field's label: the fixed field's, the custom field's, or what the rule holds. */
export function conditionFieldLabel(field: string, fields: FieldsByKey): string {
  const key = customFieldKey(field);
  if (key !== null) return fields.get(key)?.label ?? TEXTS.unknownField(key);
  return isFixedField(field) ? RULE_FIELD_LABELS[field] : field;
}

/** The editor a custom field's value takes. */
export function customFieldShape(field: TicketField | undefined): ValueShape {
  switch (field?.type) {
    case 'number':
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'checkbox':
      return 'boolean';
    case 'dropdown':
      return 'option';
    case 'multiselect':
      return 'options';
    default:
      return 'text';
  }
}

const FIXED_SHAPES: Record<RuleFixedField, ValueShape> = {
  status: 'status',
  priority: 'priority',
  groupId: 'group',
  assignedTo: 'assignee',
  tags: 'tags',
  subject: 'words',
  body: 'words',
  fromEmail: 'text',
  channel: 'channel',
  sla: 'sla',
  businessHours: 'none',
  hoursSince: 'hoursSince',
  changed: 'changed',
};

/** The editor a condition's value takes, by its field and operator. */
export function conditionShape(field: string, op: string, fields: FieldsByKey): ValueShape {
  if (op === 'is_set' || op === 'is_not_set') return 'none';
  const key = customFieldKey(field);
  if (key !== null) return customFieldShape(fields.get(key));
  return isFixedField(field) ? FIXED_SHAPES[field] : 'text';
}

const ACTION_SHAPES: Record<Exclude<RuleActionKind, 'set_field' | 'notify'>, ValueShape> = {
  set_status: 'manualStatus',
  set_priority: 'priority',
  set_group: 'group',
  set_assignee: 'actionAssignee',
  add_tags: 'tags',
  remove_tags: 'tags',
  add_note: 'note',
  reply: 'cannedResponse',
  webhook: 'webhook',
};

/** The editor an action's value takes (set_field's by its field, notify's by whom it tells). */
export function actionShape(
  action: Pick<ActionDraft, 'kind' | 'key' | 'to'>,
  fields: FieldsByKey,
): ValueShape {
  if (action.kind === 'set_field')
    return action.key === '' ? 'none' : customFieldShape(fields.get(action.key));
  if (action.kind === 'notify')
    return action.to === 'assignee' ? 'none' : action.to === 'user' ? 'user' : 'groupOnly';
  return ACTION_SHAPES[action.kind];
}

/** An empty value of `shape`: nothing chosen or typed yet. */
export function emptyValue(shape: ValueShape): ValueDraft {
  switch (shape) {
    case 'none':
      return null;
    case 'tags':
    case 'options':
      return [];
    case 'hoursSince':
      return { ...DEFAULT_HOURS_SINCE };
    case 'changed':
      return { ...DEFAULT_CHANGED };
    case 'group':
      // The Group select (shared with the ticket's) always shows a choice: "No group" to start with.
      return RULE_NONE;
    default:
      return '';
  }
}

// --- Rows ----------------------------------------------------------------------------------------

/** A new condition: Status, not yet chosen. */
export function newCondition(): ConditionDraft {
  return { row: nextRow(), field: 'status', op: 'is', value: emptyValue('status') };
}

/** The row with `field` chosen: its first operator and an empty value. */
export function withField(condition: ConditionDraft, field: string, fields: FieldsByKey): ConditionDraft {
  const op = opsFor(field, fields)[0] ?? '';
  return { ...condition, field, op, value: emptyValue(conditionShape(field, op, fields)) };
}

/** The row with `op` chosen: the value stays when the new operator takes the same kind of value. */
export function withOp(condition: ConditionDraft, op: string, fields: FieldsByKey): ConditionDraft {
  const before = conditionShape(condition.field, condition.op, fields);
  const after = conditionShape(condition.field, op, fields);
  return { ...condition, op, value: before === after ? condition.value : emptyValue(after) };
}

/** A new action: Set status, not yet chosen. */
export function newAction(): ActionDraft {
  return { row: nextRow(), kind: 'set_status', key: '', to: 'assignee', value: emptyValue('manualStatus') };
}

/** The row with `kind` chosen, its value empty. */
export function withActionKind(action: ActionDraft, kind: RuleActionKind, fields: FieldsByKey): ActionDraft {
  const next = { ...action, kind, key: '', to: 'assignee' as const };
  return { ...next, value: emptyValue(actionShape(next, fields)) };
}

/** set_field's row with `key` chosen, its value empty. */
export function withActionKey(action: ActionDraft, key: string, fields: FieldsByKey): ActionDraft {
  const next = { ...action, key };
  return { ...next, value: emptyValue(actionShape(next, fields)) };
}

/** notify's row with its target chosen, its value empty. */
export function withNotifyTarget(action: ActionDraft, to: NotifyTarget, fields: FieldsByKey): ActionDraft {
  const next = { ...action, to };
  return { ...next, value: emptyValue(actionShape(next, fields)) };
}

/** The events ticked after ticking or unticking one, in the contract's order. */
export function withEvent(events: readonly RuleEvent[], event: RuleEvent, on: boolean): RuleEvent[] {
  return RULE_EVENTS.filter((each) => (each === event ? on : events.includes(each)));
}

// --- Values: the wire's and the editor's -------------------------------------------------------

/** "vpn, outage ,," → ["vpn", "outage"]. */
export const wordsOf = (text: string): string[] =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (draft: ValueDraft) => (typeof draft === 'string' ? draft : '');
const listOf = (draft: ValueDraft) => (Array.isArray(draft) ? draft : []);

/** The value the API takes for a draft of `shape`. */
export function wireValue(shape: ValueShape, draft: ValueDraft): unknown {
  switch (shape) {
    case 'none':
      return null;
    case 'words':
      return wordsOf(textOf(draft));
    case 'tags':
    case 'options':
      return [...listOf(draft)];
    case 'number': {
      const text = textOf(draft).trim();
      return text === '' ? null : Number(text);
    }
    case 'boolean':
      return draft === 'true' ? true : draft === 'false' ? false : null;
    case 'note':
      return textOf(draft);
    case 'hoursSince': {
      const value = isRecord(draft) ? (draft as unknown as HoursSinceDraft) : DEFAULT_HOURS_SINCE;
      const hours = value.hours.trim();
      return { since: value.since, hours: hours === '' ? 0 : Number(hours), calendar: value.calendar };
    }
    case 'changed': {
      const value = isRecord(draft) ? (draft as unknown as ChangedDraft) : DEFAULT_CHANGED;
      const to = value.to.trim();
      return to === '' ? { field: value.field } : { field: value.field, to };
    }
    default:
      return textOf(draft).trim();
  }
}

/** What the editor of `shape` holds for a saved value. */
export function valueDraftOf(shape: ValueShape, value: unknown): ValueDraft {
  switch (shape) {
    case 'none':
      return null;
    case 'words':
      return Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'string' ? value : '';
    case 'tags':
    case 'options':
      return Array.isArray(value) ? value.map(String) : [];
    case 'boolean':
      return value === true ? 'true' : value === false ? 'false' : '';
    case 'hoursSince': {
      if (!isRecord(value)) return { ...DEFAULT_HOURS_SINCE };
      return {
        since: (value.since as RuleSince | undefined) ?? DEFAULT_HOURS_SINCE.since,
        hours: value.hours === undefined ? '' : String(value.hours),
        calendar: value.calendar === 'calendar' ? 'calendar' : 'business',
      };
    }
    case 'changed': {
      if (!isRecord(value)) return { ...DEFAULT_CHANGED };
      return {
        field: (value.field as RuleChangedField | undefined) ?? DEFAULT_CHANGED.field,
        to: typeof value.to === 'string' ? value.to : '',
      };
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The message for a value not yet given (what the server would refuse anyway), else undefined. */
export function missingValue(shape: ValueShape, draft: ValueDraft): string | undefined {
  switch (shape) {
    case 'none':
    case 'changed':
      return undefined;
    case 'words':
      return wordsOf(textOf(draft)).length === 0 ? TEXTS.missing.words : undefined;
    case 'tags':
      return listOf(draft).length === 0 ? TEXTS.missing.tags : undefined;
    case 'options':
      return listOf(draft).length === 0 ? TEXTS.missing.options : undefined;
    case 'number': {
      const text = textOf(draft).trim();
      return text === '' || !Number.isFinite(Number(text)) ? TEXTS.missing.number : undefined;
    }
    case 'hoursSince': {
      const text = isRecord(draft) ? (draft as unknown as HoursSinceDraft).hours.trim() : '';
      const hours = Number(text);
      const given = text !== '' && Number.isFinite(hours) && hours > 0 && hours <= RULE_LIMITS.hours;
      return given ? undefined : TEXTS.missing.hours;
    }
    case 'text':
    case 'note':
    case 'date':
      return textOf(draft).trim() === '' ? TEXTS.missing.text : undefined;
    default:
      return textOf(draft).trim() === '' ? TEXTS.missing.choose : undefined;
  }
}

// --- The whole rule ------------------------------------------------------------------------------

function conditionDraftOf(condition: RuleCondition, fields: FieldsByKey): ConditionDraft {
  const shape = conditionShape(condition.field, condition.op, fields);
  return {
    row: nextRow(),
    field: condition.field,
    op: condition.op,
    value: valueDraftOf(shape, condition.value),
  };
}

function actionDraftOf(action: RuleAction, fields: FieldsByKey): ActionDraft {
  const draft: ActionDraft = {
    row: nextRow(),
    kind: action.kind,
    key: action.kind === 'set_field' ? action.key : '',
    to: action.kind === 'notify' ? action.to : 'assignee',
    value: null,
  };
  return { ...draft, value: valueDraftOf(actionShape(draft, fields), action.value) };
}

/** The editor's values for `rule`, or a new rule's: an active trigger on new tickets with one action to choose. */
export function ruleDraftOf(rule: Rule | null, fields: FieldsByKey): RuleDraft {
  if (!rule) {
    return {
      name: '',
      active: true,
      kind: 'trigger',
      events: ['ticket_created'],
      all: [],
      any: [],
      actions: [newAction()],
    };
  }
  return {
    name: rule.name,
    active: rule.active,
    kind: rule.kind,
    events: [...rule.events],
    all: rule.conditions.all.map((condition) => conditionDraftOf(condition, fields)),
    any: rule.conditions.any.map((condition) => conditionDraftOf(condition, fields)),
    actions: rule.actions.map((action) => actionDraftOf(action, fields)),
  };
}

const conditionOf = (draft: ConditionDraft, fields: FieldsByKey): RuleCondition => ({
  field: draft.field,
  op: draft.op,
  value: wireValue(conditionShape(draft.field, draft.op, fields), draft.value),
});

/** set_field's value: an empty one clears the field (null). */
function fieldValueOf(draft: ActionDraft, fields: FieldsByKey): unknown {
  const shape = actionShape(draft, fields);
  return missingValue(shape, draft.value) === undefined ? wireValue(shape, draft.value) : null;
}

function actionOf(draft: ActionDraft, fields: FieldsByKey): RuleAction {
  switch (draft.kind) {
    case 'set_field':
      return { kind: 'set_field', key: draft.key, value: fieldValueOf(draft, fields) };
    case 'notify': {
      const value = wireValue(actionShape(draft, fields), draft.value);
      return draft.to === 'assignee'
        ? { kind: 'notify', to: draft.to }
        : { kind: 'notify', to: draft.to, value: value as string };
    }
    default:
      // The contract checks the value's type (rule-form.test.ts pins each kind's).
      return { kind: draft.kind, value: wireValue(actionShape(draft, fields), draft.value) } as RuleAction;
  }
}

/** POST /api/rules/preview's body: the conditions as they stand. */
export function previewInputOf(
  draft: Pick<RuleDraft, 'kind' | 'all' | 'any'>,
  fields: FieldsByKey,
): RulePreviewInput {
  return {
    kind: draft.kind,
    conditions: {
      all: draft.all.map((condition) => conditionOf(condition, fields)),
      any: draft.any.map((condition) => conditionOf(condition, fields)),
    },
  };
}

/** POST /api/rules's and PUT /api/rules/{id}'s body for the draft: a schedule has no events. */
export function ruleInputOf(draft: RuleDraft, fields: FieldsByKey): RuleInput {
  return {
    name: draft.name,
    active: draft.active,
    kind: draft.kind,
    events: draft.kind === 'trigger' ? [...draft.events] : [],
    conditions: previewInputOf(draft, fields).conditions,
    actions: draft.actions.map((action) => actionOf(action, fields)),
  };
}

/** A saved rule's PUT body with `active` changed: the list's switch sends the rule as it is. */
export function savedRuleInput(rule: Rule, active: boolean): RuleInput {
  return {
    name: rule.name,
    active,
    kind: rule.kind,
    events: rule.events,
    conditions: rule.conditions,
    actions: rule.actions,
  };
}

/**
 * What the editor finds wrong before sending, by the server's path (`conditions.all[2].value`): a value
 * not given, a field the kind cannot test, a trigger without events, then the contract's own checks.
 * The first message per path wins.
 */
export function ruleDraftProblems(draft: RuleDraft, fields: FieldsByKey): Record<string, string> {
  const problems: Record<string, string> = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };
  if (draft.kind === 'trigger' && draft.events.length === 0) add('events', RULE_MESSAGES.eventsRequired);
  for (const group of CONDITION_GROUPS) {
    draft[group].forEach((condition, index) => {
      const path = `conditions.${group}[${index}]`;
      if (!fieldAllowed(condition.field, draft.kind))
        add(`${path}.field`, RULE_MESSAGES.fieldNotForKind(draft.kind));
      const missing = missingValue(conditionShape(condition.field, condition.op, fields), condition.value);
      if (missing) add(`${path}.value`, missing);
    });
  }
  draft.actions.forEach((action, index) => {
    const path = `actions[${index}]`;
    if (action.kind === 'set_field') {
      if (action.key === '') add(`${path}.key`, TEXTS.missing.field);
      return;
    }
    const missing = missingValue(actionShape(action, fields), action.value);
    if (missing) add(`${path}.value`, missing);
  });
  const parsed = ruleInputSchema.safeParse(ruleInputOf(draft, fields));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(rulePath(issue.path), issue.message);
  }
  return problems;
}

// --- Messages placed at their rows ---------------------------------------------------------------

/** The messages of one row, by its control. */
export interface RowErrors {
  field?: string;
  op?: string;
  value?: string;
  kind?: string;
  key?: string;
  to?: string;
}

/** Messages by where the editor shows them: the rule's own controls, each row's, and the rest. */
export interface PlacedErrors {
  name?: string;
  kind?: string;
  events?: string;
  all?: string;
  any?: string;
  actions?: string;
  /** By the row's key, so a message stays with its row while others are added or removed. */
  rows: Record<string, RowErrors>;
  /** What no control shows (the form's alert says it). */
  other: string[];
}

export const NO_ERRORS: PlacedErrors = { rows: {}, other: [] };

const CONDITION_PATH = /^conditions\.(all|any)\[(\d+)\](?:\.(field|op|value))?(.*)$/;
const ACTION_PATH = /^actions\[(\d+)\](?:\.(kind|key|to|value))?(.*)$/;
const ITEM_PATH = /^\[(\d+)\]/;
/** The rule's own controls by path (an item's path, `events[1]`, goes to its list). */
const TOP_PLACES: Record<string, 'name' | 'kind' | 'events' | 'all' | 'any' | 'actions'> = {
  name: 'name',
  kind: 'kind',
  events: 'events',
  'conditions.all': 'all',
  'conditions.any': 'any',
  actions: 'actions',
};

const joined = (before: string | undefined, message: string) =>
  before && before !== message ? `${before} ${message}` : message;

/** "vpnx: No ticket has this tag…" for a message about one item of a list value (`value[1]`). */
function itemMessage(value: ValueDraft, rest: string, message: string): string {
  const index = ITEM_PATH.exec(rest)?.[1];
  const item = index === undefined || !Array.isArray(value) ? undefined : value[Number(index)];
  return item === undefined ? message : `${item}: ${message}`;
}

/**
 * The messages of a refusal (the editor's own or the server's 400 `fieldErrors`), keyed by path, placed
 * beside the controls they are about: `conditions.all[2].value` under that row's value, `actions[0].key`
 * under that action's field, `name` under Name. A path no control shows goes to `other`.
 */
export function placeErrors(messages: Record<string, string>, draft: RuleDraft): PlacedErrors {
  const placed: PlacedErrors = { rows: {}, other: [] };
  const atRow = (row: string, part: keyof RowErrors, message: string) => {
    const errors = (placed.rows[row] ??= {});
    errors[part] = joined(errors[part], message);
  };
  for (const [path, message] of Object.entries(messages)) {
    const condition = CONDITION_PATH.exec(path);
    if (condition) {
      const row = draft[condition[1] as ConditionGroup][Number(condition[2])];
      const part = (condition[3] ?? 'value') as keyof RowErrors;
      if (row)
        atRow(row.row, part, part === 'value' ? itemMessage(row.value, condition[4]!, message) : message);
      else placed.other.push(message);
      continue;
    }
    const action = ACTION_PATH.exec(path);
    if (action) {
      const row = draft.actions[Number(action[1])];
      const part = (action[2] ?? 'value') as keyof RowErrors;
      if (row) atRow(row.row, part, part === 'value' ? itemMessage(row.value, action[3]!, message) : message);
      else placed.other.push(message);
      continue;
    }
    const list = path.replace(/\[\d+\]$/, '');
    const top = Object.hasOwn(TOP_PLACES, list) ? TOP_PLACES[list] : undefined;
    if (top) placed[top] = joined(placed[top], message);
    else placed.other.push(message);
  }
  return placed;
}

/** The messages with one row's taken away: it was changed, so they may no longer hold. */
export function withoutRowErrors(errors: PlacedErrors, row: string): PlacedErrors {
  if (!(row in errors.rows)) return errors;
  const { [row]: _changed, ...rest } = errors.rows;
  return { ...errors, rows: rest };
}

// --- The list ------------------------------------------------------------------------------------

/** The rule ids after dropping `dragged` before or after `target`; the same order for a drop on itself. */
export function droppedOrder(
  ids: readonly string[],
  dragged: string,
  target: string,
  place: 'before' | 'after',
): string[] {
  if (dragged === target || !ids.includes(dragged) || !ids.includes(target)) return [...ids];
  const rest = ids.filter((id) => id !== dragged);
  const at = rest.indexOf(target);
  rest.splice(place === 'before' ? at : at + 1, 0, dragged);
  return rest;
}

/**
 * Where a "needs attention" path points, in the editor's words: "All of these, condition 3",
 * "Action 1 (Set assignee)", "Events"; the path itself when it names nothing known.
 */
export function attentionPlace(path: string, rule: Pick<Rule, 'actions'>): string {
  const condition = CONDITION_PATH.exec(path);
  if (condition) {
    const group = condition[1] === 'all' ? TEXTS.all : TEXTS.any;
    return `${group}, ${TEXTS.condition(Number(condition[2])).toLowerCase()}`;
  }
  const action = ACTION_PATH.exec(path);
  if (action) {
    const index = Number(action[1]);
    const kind = rule.actions[index]?.kind;
    return kind ? `${TEXTS.action(index)} (${RULE_ACTION_LABELS[kind]})` : TEXTS.action(index);
  }
  if (path === 'events') return TEXTS.events;
  return path;
}
