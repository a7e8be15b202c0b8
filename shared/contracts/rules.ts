/**
 * Rules (issue 40): triggers that act on every ticket change, schedules that act over time. Plain zod
 * only: the SPA imports this file.
 *
 * - GET /api/rules → RulesResponse (admins; agents 403), by position.
 * - POST /api/rules RuleInput → 201 {rule}; PUT /api/rules/{id} RuleInput → {rule};
 *   DELETE /api/rules/{id} → 204; PUT /api/rules/order {ids} → RulesResponse.
 * - POST /api/rules/preview {kind, conditions} → RulePreviewResponse.
 * - GET /api/rules/{id}/runs?limit=&before= → RuleRunsResponse, newest first.
 *
 * The shapes here are checked as shapes (zod); what a value refers to (a user, a group, a field, a
 * canned response) and which operator a field takes are checked by the server's rule checker, whose
 * 400s name the place as `conditions.all[2].value` (rulePath).
 */
import { z } from 'zod';
import { TICKET_PRIORITIES, MANUAL_TICKET_STATUSES } from '../constants';
import { withoutNul } from './common';
import { tagChangeSchema } from './ticket-fields';

const isoTimestamp = z.iso.datetime({ offset: true });
const storable = (label: string) =>
  [withoutNul, `${label} contains a character that cannot be stored`] as const;

export const RULE_KINDS = ['trigger', 'schedule'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** What fires a trigger (a ticket change names one or more of these). */
export const RULE_EVENTS = [
  'ticket_created',
  'ticket_updated',
  'requester_replied',
  'agent_replied',
  'note_added',
] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];

export const RULE_EVENT_LABELS: Record<RuleEvent, string> = {
  ticket_created: 'Ticket created',
  ticket_updated: 'Ticket updated',
  requester_replied: 'Requester replied',
  agent_replied: 'Agent replied',
  note_added: 'Note added',
};

/** The channels a ticket comes in by (`channel` condition). Portal and API tickets come later. */
export const RULE_CHANNELS = ['email', 'web', 'portal', 'api'] as const;
export const RULE_SLA_STATES = ['ok', 'warning', 'breached'] as const;
/** What `hoursSince` counts from. */
export const RULE_SINCE = [
  'created',
  'updated',
  'requester_replied',
  'agent_replied',
  'assigned',
  'closed',
] as const;
export type RuleSince = (typeof RULE_SINCE)[number];
/** The fields a `changed` condition watches. */
export const RULE_CHANGED_FIELDS = ['status', 'priority', 'assignedTo', 'groupId', 'tags'] as const;
export type RuleChangedField = (typeof RULE_CHANGED_FIELDS)[number];

/** Values with a meaning of their own where a user or group id is expected. */
export const RULE_NONE = 'none';
export const RULE_CURRENT_USER = 'current_user';
export const RULE_GROUP_ASSIGNMENT = 'group_assignment';

/**
 * Each fixed field and the operators it takes (a custom field, `cf.<key>`, takes those of its type:
 * RULE_FIELD_OPS_BY_TYPE). `value` is checked per field by the server.
 */
export const RULE_FIELD_OPS = {
  status: ['is', 'is_not'],
  priority: ['is', 'is_not'],
  groupId: ['is', 'is_not'],
  assignedTo: ['is', 'is_not'],
  tags: ['has_any', 'has_none'],
  subject: ['contains_words', 'not_contains_words'],
  body: ['contains_words', 'not_contains_words'],
  fromEmail: ['is', 'domain_is', 'contains'],
  channel: ['is', 'is_not'],
  sla: ['is', 'is_not'],
  businessHours: ['in', 'out'],
  hoursSince: ['gt', 'lt'],
  changed: ['changed'],
} as const;
export type RuleFixedField = keyof typeof RULE_FIELD_OPS;
export const RULE_FIXED_FIELDS = Object.keys(RULE_FIELD_OPS) as RuleFixedField[];
/** Fields only one kind may test. */
export const RULE_SCHEDULE_ONLY_FIELDS: readonly RuleFixedField[] = ['hoursSince'];
export const RULE_TRIGGER_ONLY_FIELDS: readonly RuleFixedField[] = ['changed'];

export const RULE_FIELD_LABELS: Record<RuleFixedField, string> = {
  status: 'Status',
  priority: 'Priority',
  groupId: 'Group',
  assignedTo: 'Assignee',
  tags: 'Tags',
  subject: 'Subject',
  body: 'Body',
  fromEmail: 'Requester Email',
  channel: 'Channel',
  sla: 'SLA',
  businessHours: 'Business Hours',
  hoursSince: 'Hours Since',
  changed: 'Changed',
};

export const RULE_OP_LABELS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  has_any: 'has any of',
  has_none: 'has none of',
  contains_words: 'contains any of the words',
  not_contains_words: 'contains none of the words',
  domain_is: 'domain is',
  contains: 'contains',
  in: 'within',
  out: 'outside',
  gt: 'more than',
  lt: 'less than',
  changed: 'changed',
  is_set: 'is set',
  is_not_set: 'is not set',
};

/** Operators of a custom field by its type. */
export const RULE_FIELD_OPS_BY_TYPE = {
  text: ['is', 'is_not', 'contains', 'is_set', 'is_not_set'],
  textarea: ['contains', 'is_set', 'is_not_set'],
  number: ['is', 'is_not', 'gt', 'lt', 'is_set', 'is_not_set'],
  decimal: ['is', 'is_not', 'gt', 'lt', 'is_set', 'is_not_set'],
  date: ['is', 'is_not', 'gt', 'lt', 'is_set', 'is_not_set'],
  checkbox: ['is'],
  dropdown: ['is', 'is_not', 'is_set', 'is_not_set'],
  multiselect: ['has_any', 'has_none', 'is_set', 'is_not_set'],
} as const;

export const RULE_LIMITS = {
  name: 120,
  conditions: 20,
  actions: 10,
  words: 20,
  wordLength: 60,
  noteLength: 5000,
  /** Hours in a `hoursSince` condition (a year). */
  hours: 8760,
  previewSample: 10,
  runsPage: 50,
} as const;

export const conditionSchema = z.object({
  field: z.string({ error: 'Field is required' }).min(1, 'Field is required').max(60),
  op: z.string({ error: 'Operator is required' }).min(1, 'Operator is required').max(30),
  value: z.unknown(),
});
export type RuleCondition = z.infer<typeof conditionSchema>;

export const conditionsSchema = z.object(
  {
    all: z
      .array(conditionSchema)
      .max(RULE_LIMITS.conditions, `At most ${RULE_LIMITS.conditions} conditions`)
      .default([]),
    any: z
      .array(conditionSchema)
      .max(RULE_LIMITS.conditions, `At most ${RULE_LIMITS.conditions} conditions`)
      .default([]),
  },
  { error: 'Conditions must be {all, any}' },
);
export type RuleConditions = z.infer<typeof conditionsSchema>;

/** `value` of `hoursSince`. */
export const hoursSinceSchema = z.object({
  since: z.enum(RULE_SINCE),
  hours: z.number().positive('Hours must be more than 0').max(RULE_LIMITS.hours),
  calendar: z.enum(['business', 'calendar']),
});
export type HoursSince = z.infer<typeof hoursSinceSchema>;

/** `value` of `changed`: the field, and optionally what it changed to. */
export const changedSchema = z.object({
  field: z.enum(RULE_CHANGED_FIELDS),
  to: z.union([z.string(), z.null()]).optional(),
});
export type ChangedValue = z.infer<typeof changedSchema>;

/** The actions that change the ticket's own fields: a rule makes them together, as one update. */
export const RULE_FIELD_ACTION_KINDS = [
  'set_status',
  'set_priority',
  'set_group',
  'set_assignee',
  'add_tags',
  'remove_tags',
  'set_field',
] as const;

export const RULE_ACTION_KINDS = [
  ...RULE_FIELD_ACTION_KINDS,
  'add_note',
  'reply',
  'notify',
  'webhook',
] as const;
export type RuleActionKind = (typeof RULE_ACTION_KINDS)[number];

export const RULE_ACTION_LABELS: Record<RuleActionKind, string> = {
  set_status: 'Set status',
  set_priority: 'Set priority',
  set_group: 'Set group',
  set_assignee: 'Set assignee',
  add_tags: 'Add tags',
  remove_tags: 'Remove tags',
  set_field: 'Set field',
  add_note: 'Add internal note',
  reply: 'Reply with canned response',
  notify: 'Notify',
  webhook: 'Send webhook',
};

const manualStatuses = MANUAL_TICKET_STATUSES as unknown as [string, ...string[]];
const idOrNone = z.string().min(1).max(60);

export const NOTIFY_TARGETS = ['assignee', 'user', 'group'] as const;

export const actionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('set_status'), value: z.enum(manualStatuses) }),
    z.object({ kind: z.literal('set_priority'), value: z.enum(TICKET_PRIORITIES) }),
    /** A group's id, or `none`. */
    z.object({ kind: z.literal('set_group'), value: idOrNone }),
    /** A user's id, `none`, or `group_assignment` (the ticket's group's round robin or least open). */
    z.object({ kind: z.literal('set_assignee'), value: idOrNone }),
    z.object({ kind: z.literal('add_tags'), value: tagChangeSchema }),
    z.object({ kind: z.literal('remove_tags'), value: tagChangeSchema }),
    /** A custom field's key and a value of its type (null clears it). */
    z.object({ kind: z.literal('set_field'), key: z.string().min(1).max(40), value: z.unknown() }),
    /** The note's text, with canned responses' placeholders. */
    z.object({
      kind: z.literal('add_note'),
      value: z
        .string()
        .trim()
        .min(1, 'Note is required')
        .max(RULE_LIMITS.noteLength)
        .refine(...storable('Note')),
    }),
    /** A canned response's id: its body, filled in, is sent to the requester as a reply. */
    z.object({ kind: z.literal('reply'), value: z.string().min(1, 'Canned response is required').max(60) }),
    /** Tell the assignee, a user or a group's members in the bell. */
    z.object({
      kind: z.literal('notify'),
      to: z.enum(NOTIFY_TARGETS),
      value: z.string().max(60).optional(),
    }),
    /** Issue 43: a webhook's id: `rule.matched` with the ticket is sent to it. */
    z.object({ kind: z.literal('webhook'), value: z.string().min(1, 'Webhook is required').max(60) }),
  ],
  { error: `Action must be one of ${RULE_ACTION_KINDS.join(', ')}` },
);
export type RuleAction = z.infer<typeof actionSchema>;

export const ruleInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(RULE_LIMITS.name)
    .refine(...storable('Name')),
  active: z.boolean().default(true),
  kind: z.enum(RULE_KINDS, { error: 'Kind must be trigger or schedule' }),
  events: z.array(z.enum(RULE_EVENTS)).max(RULE_EVENTS.length).default([]),
  conditions: conditionsSchema.default({ all: [], any: [] }),
  actions: z
    .array(actionSchema)
    .min(1, 'Give at least one action')
    .max(RULE_LIMITS.actions, `At most ${RULE_LIMITS.actions} actions`),
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export type ParsedRuleInput = z.output<typeof ruleInputSchema>;

export const ruleSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  position: z.number(),
  kind: z.enum(RULE_KINDS),
  events: z.array(z.enum(RULE_EVENTS)),
  conditions: z.object({ all: z.array(conditionSchema), any: z.array(conditionSchema) }),
  actions: z.array(actionSchema),
  /**
   * What the rule refers to that is gone or deactivated since it was saved (a user, a group, a field,
   * a canned response), each as its place and why; empty when none. The rule keeps working on what
   * remains.
   */
  needsAttention: z.array(z.object({ path: z.string(), message: z.string() })),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Rule = z.infer<typeof ruleSchema>;

export const rulesResponseSchema = /* @__PURE__ */ z.object({ rules: z.array(ruleSchema) });
export type RulesResponse = z.infer<typeof rulesResponseSchema>;

/** POST /api/rules (201) and PUT /api/rules/{id}. */
export const ruleResponseSchema = /* @__PURE__ */ z.object({ rule: ruleSchema });

export const ruleOrderSchema = z.object({
  ids: z.array(z.string()).min(1, 'Give the rules in their new order'),
});

export const rulePreviewSchema = z.object({
  kind: z.enum(RULE_KINDS, { error: 'Kind must be trigger or schedule' }),
  conditions: conditionsSchema.default({ all: [], any: [] }),
});
export type RulePreviewInput = z.input<typeof rulePreviewSchema>;

export const rulePreviewResponseSchema = /* @__PURE__ */ z.object({
  /** Tickets not closed (and not deleted) that match now. */
  matching: z.number(),
  sample: z.array(z.object({ id: z.string(), ticketNumber: z.string(), subject: z.string() })),
});
export type RulePreviewResponse = z.infer<typeof rulePreviewResponseSchema>;

export const ruleRunActionSchema = /* @__PURE__ */ z.object({
  kind: z.enum(RULE_ACTION_KINDS),
  /** What it did, in words ("Priority high", "Reply held back: …"). */
  detail: z.string(),
});
export type RuleRunAction = z.infer<typeof ruleRunActionSchema>;

export const ruleRunSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.string(),
  /** The trigger's event, or `schedule`. */
  event: z.enum([...RULE_EVENTS, 'schedule']),
  at: z.string(),
  actions: z.array(ruleRunActionSchema),
  /** Why the rule did nothing (or held part back) on this ticket. */
  skipped: z.string().optional(),
});
export type RuleRun = z.infer<typeof ruleRunSchema>;

export const ruleRunsResponseSchema = /* @__PURE__ */ z.object({ runs: z.array(ruleRunSchema) });
export type RuleRunsResponse = z.infer<typeof ruleRunsResponseSchema>;

export const ruleRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RULE_LIMITS.runsPage).default(20),
  before: isoTimestamp.optional(),
});

/** `conditions.all[2].value`: a zod path as the rules' 400s name places. */
export function rulePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

export const RULE_MESSAGES = {
  notFound: 'Rule not found',
  unknownField: 'Unknown field',
  unknownOperator: (ops: readonly string[]) => `Operator must be one of ${ops.join(', ')}`,
  fieldNotForKind: (kind: RuleKind) => `This field cannot be tested by a ${kind}`,
  eventsRequired: 'A trigger needs at least one event',
  eventsOnlyTriggers: 'Only triggers have events',
  notAnId: 'Must be an id',
  unknownUser: 'No user has this id',
  unknownGroup: 'No group has this id',
  unknownCustomField: 'No active custom field has this key',
  unknownCannedResponse: 'No team canned response has this id',
  unknownWebhook: 'No webhook has this id',
  /** A run's line when the rule's webhook was turned off or deleted since. */
  webhookOff: 'the webhook is off or deleted',
  unknownTag: 'No ticket has this tag, and no rule adds it',
  orderMismatch: 'Give every rule exactly once',
  userInactive: 'This user has been deactivated',
  groupGone: 'This group has been deleted',
  fieldInactive: 'This custom field has been deactivated',
  cannedResponseGone: 'This canned response has been deleted',
  /** The Activity Log names a rule's change so (ticket history). */
  actorName: (name: string) => `Rule: ${name}`,
} as const;

/** The shipped examples (inactive), by name, as the migration inserts them. */
export const EXAMPLE_RULE_NAMES = [
  'Urgent words → high priority',
  'Remind the assignee after 2 business days without an update',
  'Close tickets tagged resolved after 7 days of silence',
] as const;
