import { MANUAL_STATUS_LABELS, TICKET_STATUS_META, type TicketStatus } from '@shared/constants';
import {
  RULE_LIMITS,
  type NOTIFY_TARGETS,
  type RULE_CHANNELS,
  type RULE_SLA_STATES,
  type RuleSince,
} from '@shared/contracts/rules';

/** The words of Settings → Rules (issue 40, admins only): Title Case buttons, sentence-case toasts. */
export const RULES_TEXTS = {
  title: 'Rules',
  description:
    'Triggers act on a ticket as it is created or changed; schedules act on tickets over time. Active rules run from the top of the list down.',
  listLabel: 'Rules',
  empty: 'No rules yet.',
  emptyHint:
    'A trigger acts the moment a ticket is created, updated or answered (raise the priority of mail about an outage). A schedule acts on tickets as time passes (remind the assignee after two days without an update).',
  loadFailed: 'Could not load the rules.',
  addRule: 'Add Rule',
  editRule: 'Edit Rule',
  saveRule: 'Save Rule',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteRule: 'Delete Rule',
  confirmDelete: (name: string) => `Delete the rule "${name}"? This cannot be undone.`,
  active: 'Active',
  inactive: 'Inactive',
  kindLabels: { trigger: 'Trigger', schedule: 'Schedule' },
  needsAttention: 'Needs Attention',
  dragHint: 'Drag to reorder',
  conditionCount: (count: number) => `${count} ${count === 1 ? 'condition' : 'conditions'}`,
  actionCount: (count: number) => `${count} ${count === 1 ? 'action' : 'actions'}`,
  // Last Runs.
  lastRuns: 'Last Runs',
  runsLabel: (name: string) => `Last runs of ${name}`,
  runsEmpty: 'This rule has not run yet.',
  runsLoading: 'Loading...',
  runsFailed: 'Could not load the runs.',
  scheduleEvent: 'Schedule',
  skipped: 'Skipped:',
  noActions: 'Nothing done.',
  // The editor.
  dialogDescription:
    'Conditions and actions are chosen from lists. A rule acts on the tickets that meet every condition under "All of these" and at least one under "Any of these".',
  name: 'Name',
  kind: 'Kind',
  kindHints: {
    trigger: 'Acts on a ticket as it changes, for the events ticked below.',
    schedule: 'Acts on the tickets that match as time passes, such as after hours without an update.',
  },
  activeHint: 'An inactive rule is kept but does nothing.',
  events: 'Events',
  eventsHint: 'The trigger runs when any of these happens to a ticket.',
  all: 'All of these',
  allHint: 'Every one of these must hold.',
  any: 'Any of these',
  anyHint: 'At least one of these must hold, when any are given.',
  addCondition: 'Add Condition',
  condition: (index: number) => `Condition ${index + 1}`,
  actions: 'Actions',
  actionsHint: 'Done in this order on each ticket that matches.',
  addAction: 'Add Action',
  action: (index: number) => `Action ${index + 1}`,
  actionKind: 'Action',
  remove: 'Remove',
  field: 'Field',
  operator: 'Operator',
  value: 'Value',
  choose: 'Choose…',
  words: 'Words',
  wordsHint: 'Separate words with commas.',
  tags: 'Tags',
  since: 'Since',
  hours: 'Hours',
  calendar: 'Counted in',
  calendarLabels: { business: 'Business hours', calendar: 'Calendar hours' },
  changedField: 'Changed field',
  changedTo: 'Changed to',
  anyValue: 'Any value',
  anyTag: 'Any tag (leave empty)',
  customField: 'Custom field',
  yes: 'Yes',
  no: 'No',
  clearsHint: 'Left empty, the rule clears the field.',
  note: 'Note',
  cannedResponse: 'Canned response',
  noTeamResponses: 'No team canned responses yet.',
  webhook: 'Webhook',
  noWebhooks: 'No webhooks yet: add one in Settings → Webhooks.',
  unknownWebhook: 'Unknown webhook',
  off: 'off',
  notifyWho: 'Notify',
  user: 'User',
  group: 'Group',
  unknownResponse: 'Unknown canned response',
  unknownField: (key: string) => `Unknown field (${key})`,
  nobody: 'Nobody',
  currentUser: 'The user who made the change',
  groupAssignment: 'The group’s assignment',
  // The "N tickets match now" line.
  counting: 'Counting…',
  matching: (count: number) => `${count} ${count === 1 ? 'ticket matches' : 'tickets match'} now`,
  previewIncomplete: 'Complete the conditions to count the tickets that match.',
  previewFailed: 'Could not count the tickets that match.',
  // What the editor checks itself before sending.
  missing: {
    choose: 'Choose a value',
    text: 'Give a value',
    number: 'Give a number',
    words: 'Give at least one word',
    tags: 'Give at least one tag',
    options: 'Choose at least one option',
    hours: `Give the hours, more than 0 and at most ${RULE_LIMITS.hours}`,
    field: 'Choose a field',
  },
  // Toasts and announcements.
  saved: 'Rule saved.',
  saveFailed: 'Could not save the rule.',
  deleted: 'Rule deleted.',
  deleteFailed: 'Could not delete the rule.',
  activated: 'Rule activated.',
  deactivated: 'Rule deactivated.',
  changeFailed: 'Could not change the rule.',
  moveFailed: 'Could not move the rule.',
  moved: (name: string, place: number, count: number) => `${name} moved to ${place} of ${count}.`,
} as const;

/** A condition's status may be any of the four; an action sets one of the manual three (spec §4). */
export const RULE_STATUS_LABELS: Record<TicketStatus, string> = {
  ...MANUAL_STATUS_LABELS,
  closed_with_harvest: TICKET_STATUS_META.closed_with_harvest.label,
};

export const RULE_CHANNEL_LABELS: Record<(typeof RULE_CHANNELS)[number], string> = {
  email: 'Email',
  web: 'Web',
  portal: 'Portal',
  api: 'API',
};

/** As the ticket list's SLA quick filters name them ("Due Soon" is the warning). */
export const RULE_SLA_LABELS: Record<(typeof RULE_SLA_STATES)[number], string> = {
  ok: 'On track',
  warning: 'Due soon',
  breached: 'Breached',
};

export const RULE_SINCE_LABELS: Record<RuleSince, string> = {
  created: 'Created',
  updated: 'Last updated',
  requester_replied: 'Requester last replied',
  agent_replied: 'Agent last replied',
  assigned: 'Assigned',
  closed: 'Closed',
};

export const NOTIFY_TARGET_LABELS: Record<(typeof NOTIFY_TARGETS)[number], string> = {
  assignee: 'The assignee',
  user: 'A user',
  group: 'A group’s members',
};
