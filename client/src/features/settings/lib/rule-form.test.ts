import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES, type Rule } from '@shared/contracts/rules';
import type { TicketField } from '@shared/contracts/ticket-fields';
import {
  attentionPlace,
  conditionFieldChoices,
  droppedOrder,
  newAction,
  newCondition,
  placeErrors,
  ruleDraftOf,
  ruleDraftProblems,
  ruleInputOf,
  savedRuleInput,
  withActionKind,
  withEvent,
  withField,
  withOp,
  withoutRowErrors,
  wordsOf,
  type FieldsByKey,
  type RuleDraft,
} from './rule-form';
import { RULES_TEXTS } from './rules-texts';

const field = (key: string, type: TicketField['type'], extra: Partial<TicketField> = {}): TicketField => ({
  id: `id-${key}`,
  key,
  label: key.charAt(0).toUpperCase() + key.slice(1),
  type,
  options: [],
  requiredToClose: false,
  active: true,
  position: 0,
  portal: false,
  ...extra,
});

const CATEGORY = field('category', 'multiselect', {
  options: [
    { label: 'Network', value: 'network', active: true },
    { label: 'VPN', value: 'vpn', active: true },
  ],
});
const SEATS = field('seats', 'number');
const URGENT = field('urgent', 'checkbox');
const OLD = field('old', 'text', { active: false });
const FIELDS: FieldsByKey = new Map([CATEGORY, SEATS, URGENT, OLD].map((each) => [each.key, each]));

const savedRule = (overrides: Partial<Rule>): Rule => ({
  id: 'rule-1',
  name: 'A rule',
  active: true,
  position: 0,
  kind: 'trigger',
  events: ['ticket_created'],
  conditions: { all: [], any: [] },
  actions: [{ kind: 'set_priority', value: 'high' }],
  needsAttention: [],
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

/** A new rule's draft with `patch` applied. */
const draftWith = (patch: Partial<RuleDraft>): RuleDraft => ({ ...ruleDraftOf(null, FIELDS), ...patch });

describe('the rule editor’s values', () => {
  it('when a new rule is opened, then it is an active trigger on new tickets with one action to choose, and saving names what is missing', () => {
    const draft = ruleDraftOf(null, FIELDS);
    expect(ruleInputOf(draft, FIELDS)).toEqual({
      name: '',
      active: true,
      kind: 'trigger',
      events: ['ticket_created'],
      conditions: { all: [], any: [] },
      actions: [{ kind: 'set_status', value: '' }],
    });
    expect(ruleDraftProblems(draft, FIELDS)).toEqual({
      'actions[0].value': RULES_TEXTS.missing.choose,
      name: 'Name is required',
    });
  });

  it('when Subject "contains any of the words" is given as comma-separated text and Set priority High is chosen, then the body is the contract’s', () => {
    const subject = { ...withField(newCondition(), 'subject', FIELDS), value: ' vpn, VPN down ,, ' };
    const action = { ...withActionKind(newAction(), 'set_priority', FIELDS), value: 'high' };
    const draft = draftWith({ name: 'VPN', all: [subject], actions: [action] });
    expect(ruleDraftProblems(draft, FIELDS)).toEqual({});
    expect(ruleInputOf(draft, FIELDS)).toEqual({
      name: 'VPN',
      active: true,
      kind: 'trigger',
      events: ['ticket_created'],
      conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['vpn', 'VPN down'] }], any: [] },
      actions: [{ kind: 'set_priority', value: 'high' }],
    });
  });

  it('when a saved rule is opened and saved unchanged, then every condition and action is sent as it was', () => {
    const rule = savedRule({
      kind: 'trigger',
      events: ['ticket_created', 'requester_replied'],
      conditions: {
        all: [
          { field: 'tags', op: 'has_any', value: ['vpn', 'wifi'] },
          { field: 'subject', op: 'not_contains_words', value: ['test'] },
          { field: 'assignedTo', op: 'is', value: 'current_user' },
          { field: 'groupId', op: 'is_not', value: 'none' },
          { field: 'businessHours', op: 'out', value: null },
          { field: 'changed', op: 'changed', value: { field: 'priority', to: 'high' } },
          { field: 'changed', op: 'changed', value: { field: 'tags' } },
        ],
        any: [
          { field: 'cf.category', op: 'has_none', value: ['vpn'] },
          { field: 'cf.seats', op: 'gt', value: 3 },
          { field: 'cf.urgent', op: 'is', value: false },
          { field: 'cf.old', op: 'is_set', value: null },
          { field: 'fromEmail', op: 'domain_is', value: 'example.com' },
        ],
      },
      actions: [
        { kind: 'set_status', value: 'in_progress' },
        { kind: 'set_group', value: 'none' },
        { kind: 'set_assignee', value: 'group_assignment' },
        { kind: 'add_tags', value: ['escalated'] },
        { kind: 'remove_tags', value: ['new'] },
        { kind: 'set_field', key: 'category', value: ['network', 'vpn'] },
        { kind: 'set_field', key: 'seats', value: null },
        { kind: 'add_note', value: 'Hello {{requester.firstName}}' },
        { kind: 'reply', value: 'response-1' },
        { kind: 'notify', to: 'assignee' },
        { kind: 'notify', to: 'group', value: 'group-1' },
      ],
    });
    expect(ruleInputOf(ruleDraftOf(rule, FIELDS), FIELDS)).toEqual(savedRuleInput(rule, true));
  });

  it('when a schedule is saved, then it sends no events (kept in the editor for a switch back) and tests hours since', () => {
    const hours = withField(newCondition(), 'hoursSince', FIELDS);
    const draft = draftWith({
      name: 'Remind',
      kind: 'schedule',
      all: [{ ...hours, value: { since: 'updated', hours: '48', calendar: 'business' } }],
      actions: [{ ...withActionKind(newAction(), 'notify', FIELDS) }],
    });
    const input = ruleInputOf(draft, FIELDS);
    expect(input.events).toEqual([]);
    expect(draft.events).toEqual(['ticket_created']);
    expect(input.conditions?.all).toEqual([
      { field: 'hoursSince', op: 'gt', value: { since: 'updated', hours: 48, calendar: 'business' } },
    ]);
    expect(input.actions).toEqual([{ kind: 'notify', to: 'assignee' }]);
    expect(ruleDraftProblems(draft, FIELDS)).toEqual({});
  });

  it('when hours are not given, a trigger has no event or a field is not for its kind, then each is named at its place', () => {
    const hours = withField(newCondition(), 'hoursSince', FIELDS);
    const changed = withField(newCondition(), 'changed', FIELDS);
    const trigger = draftWith({ name: 'R', events: [], all: [hours], any: [changed] });
    expect(ruleDraftProblems(trigger, FIELDS)).toMatchObject({
      events: RULE_MESSAGES.eventsRequired,
      'conditions.all[0].field': RULE_MESSAGES.fieldNotForKind('trigger'),
      'conditions.all[0].value': RULES_TEXTS.missing.hours,
    });
    const schedule = { ...trigger, kind: 'schedule' as const };
    const problems = ruleDraftProblems(schedule, FIELDS);
    expect(problems['conditions.any[0].field']).toBe(RULE_MESSAGES.fieldNotForKind('schedule'));
    expect(problems.events).toBeUndefined();
  });

  it('when set_field is left empty, then it clears the field; without a field it asks for one', () => {
    const setField = withActionKind(newAction(), 'set_field', FIELDS);
    const draft = draftWith({ name: 'R', actions: [{ ...setField, key: 'seats', value: '' }] });
    expect(ruleInputOf(draft, FIELDS).actions).toEqual([{ kind: 'set_field', key: 'seats', value: null }]);
    expect(ruleDraftProblems(draftWith({ name: 'R', actions: [setField] }), FIELDS)).toEqual({
      'actions[0].key': RULES_TEXTS.missing.field,
    });
  });

  it('when the field changes, then its first operator and an empty value follow; an operator taking the same value keeps it', () => {
    const tags = withField(newCondition(), 'tags', FIELDS);
    expect(tags).toMatchObject({ field: 'tags', op: 'has_any', value: [] });
    const chosen = { ...tags, value: ['vpn'] };
    expect(withOp(chosen, 'has_none', FIELDS).value).toEqual(['vpn']);
    const category = withField(newCondition(), 'cf.category', FIELDS);
    expect(withOp({ ...category, value: ['vpn'] }, 'is_set', FIELDS).value).toBeNull();
    expect(withOp({ ...category, op: 'is_set', value: null }, 'has_any', FIELDS).value).toEqual([]);
    expect(withField(newCondition(), 'groupId', FIELDS).value).toBe('none');
  });

  it('when events are ticked in any order, then they are kept in the contract’s order', () => {
    expect(withEvent(['note_added'], 'ticket_created', true)).toEqual(['ticket_created', 'note_added']);
    expect(withEvent(['ticket_created', 'note_added'], 'ticket_created', false)).toEqual(['note_added']);
  });

  it('when words are typed with spaces and empty parts, then only the words are kept', () => {
    expect(wordsOf(' vpn ,, outage, ')).toEqual(['vpn', 'outage']);
    expect(wordsOf('')).toEqual([]);
  });

  it('when a trigger’s fields are offered, then Hours Since is not and the active custom fields are; a schedule’s lack Changed', () => {
    const trigger = conditionFieldChoices('trigger', [CATEGORY]).map((choice) => choice.value);
    expect(trigger).toContain('changed');
    expect(trigger).not.toContain('hoursSince');
    expect(trigger.at(-1)).toBe('cf.category');
    const schedule = conditionFieldChoices('schedule', []).map((choice) => choice.value);
    expect(schedule).toContain('hoursSince');
    expect(schedule).not.toContain('changed');
  });
});

describe('a refusal’s messages placed at their rows', () => {
  const tags = { ...withField(newCondition(), 'tags', FIELDS), value: ['vpn', 'vpnx'] };
  const subject = withField(newCondition(), 'subject', FIELDS);
  const action = newAction();
  const draft = draftWith({ all: [subject, tags], actions: [action] });

  it('when the server names a row’s part, then the message goes to that row by its key, an item’s message naming the item', () => {
    const placed = placeErrors(
      {
        name: 'Name is required',
        'events[1]': 'Invalid option',
        'conditions.all[0].op': 'Operator must be one of contains_words, not_contains_words',
        'conditions.all[1].value[1]': RULE_MESSAGES.unknownTag,
        'actions[0].value': RULE_MESSAGES.unknownGroup,
        'conditions.any': 'At most 20 conditions',
      },
      draft,
    );
    expect(placed).toEqual({
      name: 'Name is required',
      events: 'Invalid option',
      any: 'At most 20 conditions',
      rows: {
        [subject.row]: { op: 'Operator must be one of contains_words, not_contains_words' },
        [tags.row]: { value: `vpnx: ${RULE_MESSAGES.unknownTag}` },
        [action.row]: { value: RULE_MESSAGES.unknownGroup },
      },
      other: [],
    });
  });

  it('when a path names no row or control, then its message goes above the form', () => {
    const placed = placeErrors(
      { 'conditions.all[7].value': 'Gone', active: 'Must be true or false', constructor: 'Odd' },
      draft,
    );
    expect(placed.other).toEqual(['Gone', 'Must be true or false', 'Odd']);
    expect(placed.rows).toEqual({});
  });

  it('when a row is changed, then only its messages go', () => {
    const placed = placeErrors(
      { 'conditions.all[0].value': 'One', 'conditions.all[1].value': 'Two', name: 'Three' },
      draft,
    );
    const after = withoutRowErrors(placed, subject.row);
    expect(after.rows).toEqual({ [tags.row]: { value: 'Two' } });
    expect(after.name).toBe('Three');
  });
});

describe('the list of rules', () => {
  it('when a row is dropped before or after another, then the order is the one seen', () => {
    const ids = ['a', 'b', 'c', 'd'];
    expect(droppedOrder(ids, 'd', 'b', 'before')).toEqual(['a', 'd', 'b', 'c']);
    expect(droppedOrder(ids, 'a', 'c', 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(droppedOrder(ids, 'b', 'b', 'after')).toEqual(ids);
    expect(droppedOrder(ids, 'x', 'b', 'after')).toEqual(ids);
  });

  it('when a rule needs attention, then the place is named in the editor’s words', () => {
    const rule = { actions: [{ kind: 'set_assignee' as const, value: 'user-1' }] };
    expect(attentionPlace('actions[0].value', rule)).toBe('Action 1 (Set assignee)');
    expect(attentionPlace('conditions.any[2].value', rule)).toBe('Any of these, condition 3');
    expect(attentionPlace('events', rule)).toBe('Events');
    expect(attentionPlace('something', rule)).toBe('something');
  });

  it('when a rule’s switch is flipped, then the rule is sent as it is with only active changed', () => {
    const rule = savedRule({ active: false });
    expect(savedRuleInput(rule, true)).toEqual({
      name: rule.name,
      active: true,
      kind: rule.kind,
      events: rule.events,
      conditions: rule.conditions,
      actions: rule.actions,
    });
  });
});
