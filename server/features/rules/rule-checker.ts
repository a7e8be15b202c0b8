/**
 * Every condition and action of a rule checked when it is saved (issue 40): an unknown field, an
 * operator the field does not take, a value of the wrong type, or a user, group, field, tag or canned
 * response that does not exist is a problem at its place (`conditions.all[2].value`). The same checker
 * reads a saved rule for the list: a problem that is a reference gone or deactivated since is what
 * "needs attention" says, while the rule keeps working on what remains (rule-actions.ts skips it).
 */
import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@shared/constants';
import { isoDate } from '@shared/contracts/common';
import { unknownPlaceholders, CANNED_RESPONSE_MESSAGES } from '@shared/contracts/canned-responses';
import { customFieldValueProblem, TAG_PATTERN, type TicketField } from '@shared/contracts/ticket-fields';
import {
  changedSchema,
  hoursSinceSchema,
  RULE_CHANNELS,
  RULE_CURRENT_USER,
  RULE_FIELD_OPS,
  RULE_FIELD_OPS_BY_TYPE,
  RULE_GROUP_ASSIGNMENT,
  RULE_LIMITS,
  RULE_MESSAGES,
  RULE_NONE,
  RULE_SCHEDULE_ONLY_FIELDS,
  RULE_SLA_STATES,
  RULE_TRIGGER_ONLY_FIELDS,
  rulePath,
  type ParsedRuleInput,
  type RuleAction,
  type RuleCondition,
  type RuleFixedField,
  type RuleKind,
} from '@shared/contracts/rules';

/** What the rules may refer to, read once per check. */
export interface RuleReferences {
  /** Users by id: whether active. */
  users: ReadonlyMap<string, boolean>;
  groups: ReadonlySet<string>;
  /** Every custom field (inactive ones too) by key. */
  fields: ReadonlyMap<string, TicketField>;
  /** Team canned responses' ids. */
  cannedResponses: ReadonlySet<string>;
  /** Webhooks' ids (issue 43). */
  webhooks: ReadonlySet<string>;
  /** Tags some ticket has or some rule adds. */
  tags: ReadonlySet<string>;
}

export interface RuleProblem {
  path: string;
  message: string;
}

type Path = (string | number)[];

class Problems {
  readonly list: RuleProblem[] = [];
  add(path: Path, message: string) {
    this.list.push({ path: rulePath(path), message });
  }
}

const words = z.array(z.string().trim().min(1).max(RULE_LIMITS.wordLength)).min(1).max(RULE_LIMITS.words);
const WORDS_MESSAGE = `Give 1 to ${RULE_LIMITS.words} words of at most ${RULE_LIMITS.wordLength} characters`;

const isId = (value: unknown) => typeof value === 'string' && z.uuid().safeParse(value).success;

function checkUser(problems: Problems, refs: RuleReferences, path: Path, id: unknown) {
  if (!isId(id)) return problems.add(path, RULE_MESSAGES.notAnId);
  const active = refs.users.get(String(id));
  if (active === undefined) problems.add(path, RULE_MESSAGES.unknownUser);
  else if (!active) problems.add(path, RULE_MESSAGES.userInactive);
}

function checkGroup(problems: Problems, refs: RuleReferences, path: Path, id: unknown) {
  if (!isId(id)) return problems.add(path, RULE_MESSAGES.notAnId);
  if (!refs.groups.has(String(id))) problems.add(path, RULE_MESSAGES.unknownGroup);
}

function checkTags(problems: Problems, refs: RuleReferences, path: Path, value: unknown) {
  if (!Array.isArray(value) || value.length === 0 || value.length > RULE_LIMITS.words) {
    problems.add(path, 'Give at least one tag');
    return;
  }
  for (const [index, tag] of value.entries()) {
    if (typeof tag !== 'string' || !TAG_PATTERN.test(tag)) problems.add([...path, index], 'Not a tag');
    else if (!refs.tags.has(tag)) problems.add([...path, index], RULE_MESSAGES.unknownTag);
  }
}

const oneOf = (problems: Problems, path: Path, value: unknown, allowed: readonly string[]) => {
  if (typeof value !== 'string' || !allowed.includes(value))
    problems.add(path, `Must be one of ${allowed.join(', ')}`);
};

function checkCustomFieldCondition(
  problems: Problems,
  refs: RuleReferences,
  path: Path,
  key: string,
  condition: RuleCondition,
) {
  const field = refs.fields.get(key);
  if (!field) return problems.add([...path, 'field'], RULE_MESSAGES.unknownCustomField);
  if (!field.active) problems.add([...path, 'field'], RULE_MESSAGES.fieldInactive);
  const ops: readonly string[] = RULE_FIELD_OPS_BY_TYPE[field.type];
  if (!ops.includes(condition.op)) return problems.add([...path, 'op'], RULE_MESSAGES.unknownOperator(ops));
  const valuePath = [...path, 'value'];
  const { op, value } = condition;
  if (op === 'is_set' || op === 'is_not_set') {
    if (value !== null && value !== undefined) problems.add(valuePath, 'Takes no value');
    return;
  }
  if (field.type === 'checkbox') {
    if (typeof value !== 'boolean') problems.add(valuePath, 'Must be true or false');
    return;
  }
  if (op === 'contains') {
    if (typeof value !== 'string' || value.trim() === '')
      problems.add(valuePath, 'Give the text to look for');
    return;
  }
  if (field.type === 'multiselect') {
    if (!Array.isArray(value) || value.length === 0)
      return problems.add(valuePath, 'Give at least one option');
    for (const [index, option] of value.entries()) {
      const problem = customFieldValueProblem({ ...field, type: 'dropdown' }, option);
      if (problem) problems.add([...valuePath, index], problem);
    }
    return;
  }
  if ((op === 'gt' || op === 'lt') && field.type === 'date') {
    if (!isoDate.safeParse(value).success) problems.add(valuePath, 'Must be a date as YYYY-MM-DD');
    return;
  }
  const problem = customFieldValueProblem(field, value);
  if (problem) problems.add(valuePath, problem);
}

function checkChanged(problems: Problems, refs: RuleReferences, path: Path, value: unknown) {
  const parsed = changedSchema.safeParse(value);
  if (!parsed.success)
    return problems.add(path, 'Give the field that changed, and optionally what it changed to');
  const { field, to } = parsed.data;
  if (to === undefined || to === null) return;
  const toPath = [...path, 'to'];
  if (field === 'status') oneOf(problems, toPath, to, TICKET_STATUSES);
  else if (field === 'priority') oneOf(problems, toPath, to, TICKET_PRIORITIES);
  else if (field === 'assignedTo' && to !== RULE_NONE && to !== RULE_CURRENT_USER)
    checkUser(problems, refs, toPath, to);
  else if (field === 'groupId' && to !== RULE_NONE) checkGroup(problems, refs, toPath, to);
  else if (field === 'tags' && !TAG_PATTERN.test(to)) problems.add(toPath, 'Not a tag');
  else if (field === 'tags' && !refs.tags.has(to)) problems.add(toPath, RULE_MESSAGES.unknownTag);
}

function checkCondition(
  problems: Problems,
  refs: RuleReferences,
  kind: RuleKind,
  path: Path,
  condition: RuleCondition,
) {
  const { field, op, value } = condition;
  if (field.startsWith('cf.'))
    return checkCustomFieldCondition(problems, refs, path, field.slice(3), condition);
  if (!Object.hasOwn(RULE_FIELD_OPS, field))
    return problems.add([...path, 'field'], RULE_MESSAGES.unknownField);
  const fixed = field as RuleFixedField;
  if (
    (kind === 'trigger' && RULE_SCHEDULE_ONLY_FIELDS.includes(fixed)) ||
    (kind === 'schedule' && RULE_TRIGGER_ONLY_FIELDS.includes(fixed))
  ) {
    return problems.add([...path, 'field'], RULE_MESSAGES.fieldNotForKind(kind));
  }
  const ops: readonly string[] = RULE_FIELD_OPS[fixed];
  if (!ops.includes(op)) return problems.add([...path, 'op'], RULE_MESSAGES.unknownOperator(ops));
  const valuePath = [...path, 'value'];
  switch (fixed) {
    case 'status':
      return oneOf(problems, valuePath, value, TICKET_STATUSES);
    case 'priority':
      return oneOf(problems, valuePath, value, TICKET_PRIORITIES);
    case 'groupId':
      return value === RULE_NONE ? undefined : checkGroup(problems, refs, valuePath, value);
    case 'assignedTo':
      if (value === RULE_NONE) return;
      if (value === RULE_CURRENT_USER) {
        if (kind === 'schedule') problems.add(valuePath, 'A schedule has no user who made the change');
        return;
      }
      return checkUser(problems, refs, valuePath, value);
    case 'tags':
      return checkTags(problems, refs, valuePath, value);
    case 'subject':
    case 'body':
      if (!words.safeParse(value).success) problems.add(valuePath, WORDS_MESSAGE);
      return;
    case 'fromEmail':
      if (typeof value !== 'string' || value.trim() === '' || value.length > 320) {
        problems.add(valuePath, 'Give an address, a domain or part of one');
      }
      return;
    case 'channel':
      return oneOf(problems, valuePath, value, RULE_CHANNELS);
    case 'sla':
      return oneOf(problems, valuePath, value, RULE_SLA_STATES);
    case 'businessHours':
      if (value !== null && value !== undefined) problems.add(valuePath, 'Takes no value');
      return;
    case 'hoursSince':
      if (!hoursSinceSchema.safeParse(value).success) {
        problems.add(
          valuePath,
          `Give since when, hours from 0 to ${RULE_LIMITS.hours}, and business or calendar hours`,
        );
      }
      return;
    case 'changed':
      return checkChanged(problems, refs, valuePath, value);
  }
}

function checkAction(problems: Problems, refs: RuleReferences, path: Path, action: RuleAction) {
  const valuePath = [...path, 'value'];
  switch (action.kind) {
    case 'set_group':
      if (action.value !== RULE_NONE) checkGroup(problems, refs, valuePath, action.value);
      return;
    case 'set_assignee':
      if (action.value !== RULE_NONE && action.value !== RULE_GROUP_ASSIGNMENT) {
        checkUser(problems, refs, valuePath, action.value);
      }
      return;
    case 'set_field': {
      const field = refs.fields.get(action.key);
      if (!field) return problems.add([...path, 'key'], RULE_MESSAGES.unknownCustomField);
      if (!field.active) problems.add([...path, 'key'], RULE_MESSAGES.fieldInactive);
      if (action.value === null) return;
      const problem = customFieldValueProblem(field, action.value);
      if (problem) problems.add(valuePath, problem);
      return;
    }
    case 'add_note': {
      const unknown = unknownPlaceholders(action.value);
      if (unknown.length > 0) problems.add(valuePath, CANNED_RESPONSE_MESSAGES.unknownPlaceholder(unknown));
      return;
    }
    case 'reply':
      if (!refs.cannedResponses.has(action.value)) {
        problems.add(valuePath, RULE_MESSAGES.unknownCannedResponse);
      }
      return;
    case 'webhook':
      if (!refs.webhooks.has(action.value)) problems.add(valuePath, RULE_MESSAGES.unknownWebhook);
      return;
    case 'notify':
      if (action.to === 'user') checkUser(problems, refs, valuePath, action.value);
      else if (action.to === 'group') checkGroup(problems, refs, valuePath, action.value);
      else if (action.value !== undefined) problems.add(valuePath, 'Takes no value');
      return;
    default:
      return;
  }
}

/**
 * Every problem of the rule, each at its place: saving refuses them; on a saved rule they are what
 * changed since (a user deactivated, a group deleted), which the list shows as "needs attention".
 */
export function ruleProblems(
  rule: Pick<ParsedRuleInput, 'kind' | 'events' | 'conditions' | 'actions'>,
  refs: RuleReferences,
): RuleProblem[] {
  const problems = new Problems();
  if (rule.kind === 'trigger' && rule.events.length === 0)
    problems.add(['events'], RULE_MESSAGES.eventsRequired);
  if (rule.kind === 'schedule' && rule.events.length > 0)
    problems.add(['events'], RULE_MESSAGES.eventsOnlyTriggers);
  for (const group of ['all', 'any'] as const) {
    rule.conditions[group].forEach((condition, index) =>
      checkCondition(problems, refs, rule.kind, ['conditions', group, index], condition),
    );
  }
  rule.actions.forEach((action, index) => checkAction(problems, refs, ['actions', index], action));
  return problems.list;
}

/** The tags a rule adds (a condition may test a tag no ticket has yet when a rule adds it). */
export const tagsAdded = (actions: readonly RuleAction[]): string[] =>
  actions.flatMap((action) => (action.kind === 'add_tags' ? action.value : []));

/** The tags a rule's conditions test (to look up which exist). */
export function tagsTested(conditions: ParsedRuleInput['conditions']): string[] {
  return [...conditions.all, ...conditions.any].flatMap((condition) => {
    if (condition.field === 'tags' && Array.isArray(condition.value)) return condition.value.map(String);
    if (condition.field === 'changed') {
      const parsed = changedSchema.safeParse(condition.value);
      return parsed.success && parsed.data.field === 'tags' && parsed.data.to ? [parsed.data.to] : [];
    }
    return [];
  });
}

const REFERENCE_MESSAGES: readonly string[] = [
  RULE_MESSAGES.unknownUser,
  RULE_MESSAGES.userInactive,
  RULE_MESSAGES.unknownGroup,
  RULE_MESSAGES.fieldInactive,
  RULE_MESSAGES.unknownCannedResponse,
  RULE_MESSAGES.unknownTag,
];

/**
 * A problem of what a value names (a user, group, tag, deactivated field), not of the rule's shape:
 * the preview counts such a rule all the same (a group that is gone matches no ticket).
 */
export const isReferenceProblem = (problem: RuleProblem) => REFERENCE_MESSAGES.includes(problem.message);
