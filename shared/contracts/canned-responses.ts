/**
 * Canned responses (issue 23): named answers with placeholders, and actions applied with them. Plain
 * zod only: the SPA imports this file.
 *
 * - GET /api/canned-responses?search= → CannedResponsesResponse: team responses and the caller's own
 *   personal ones (never another agent's), most used first; `search` matches name or body words.
 * - POST /api/canned-responses → 201 {response}; PUT /api/canned-responses/{id} → {response};
 *   DELETE /api/canned-responses/{id} → 204. Team responses: admins only (403 for agents); personal
 *   ones: their owner only (404 for anyone else, so they cannot learn it exists).
 * - POST /api/tickets/{id}/apply-response {responseId} → ApplyResponseResult: the body rendered for the
 *   ticket and the caller, and the ticket after the response's actions (status, priority, assignee).
 */
import { z } from 'zod';
import { TICKET_PRIORITIES } from '../constants';
import { labelled, withoutNul } from './common';
import { manualTicketStatusSchema, ticketDetailSchema } from './tickets';

export const CANNED_RESPONSE_SCOPES = ['team', 'personal'] as const;
export type CannedResponseScope = (typeof CANNED_RESPONSE_SCOPES)[number];

export const CANNED_RESPONSE_LIMITS = { name: 100, body: 20_000, search: 200 } as const;

/** Every placeholder a body may hold, each filled for the ticket and the agent applying it. */
export const CANNED_RESPONSE_PLACEHOLDERS = [
  'requester.name',
  'requester.firstName',
  'requester.email',
  'ticket.number',
  'ticket.subject',
  'agent.name',
  'agent.firstName',
] as const;
export type CannedResponsePlaceholder = (typeof CANNED_RESPONSE_PLACEHOLDERS)[number];

/**
 * `{{ name }}`: a placeholder, spaces inside the braces allowed (trimmed after matching: `\s*` on
 * both sides of a lazy group would backtrack quadratically on a long run of spaces).
 */
const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

/** The placeholders a body names that do not exist, each once, as written between the braces. */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(CANNED_RESPONSE_PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1]!.trim();
    if (!known.has(name)) unknown.add(name);
  }
  return [...unknown];
}

/** What fills the placeholders of one ticket for one agent. */
export const placeholderValuesSchema = /* @__PURE__ */ z.object({
  requester: z.object({ name: z.string(), email: z.string() }),
  ticket: z.object({ number: z.string(), subject: z.string() }),
  agent: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type PlaceholderValues = z.infer<typeof placeholderValuesSchema>;

/** The requester's first name: the first word of a name of several, the whole name, else "there". */
export function requesterFirstName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) return words[0]!;
  return words[0] ?? 'there';
}

/** The body with each known placeholder filled; a missing value renders empty. */
export function renderCannedResponse(body: string, values: PlaceholderValues): string {
  const agentFirst = values.agent.firstName?.trim() ?? '';
  const agentName = [agentFirst, values.agent.lastName?.trim() ?? ''].filter(Boolean).join(' ');
  const filled: Record<CannedResponsePlaceholder, string> = {
    'requester.name': values.requester.name.trim(),
    'requester.firstName': requesterFirstName(values.requester.name),
    'requester.email': values.requester.email,
    'ticket.number': values.ticket.number,
    'ticket.subject': values.ticket.subject,
    'agent.name': agentName,
    'agent.firstName': agentFirst,
  };
  return body.replace(PLACEHOLDER_PATTERN, (whole, written: string) => {
    const name = written.trim();
    return Object.hasOwn(filled, name) ? filled[name as CannedResponsePlaceholder] : whole;
  });
}

export const CANNED_RESPONSE_MESSAGES = {
  notFound: 'Canned response not found',
  teamAdminsOnly: 'Only administrators may change team responses',
  unknownUser: 'No user has this id',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((name) => `{{${name}}}`).join(', ')}`,
} as const;

/** Texts of the Settings card and the Reply card's picker. */
export const CANNED_RESPONSE_TEXTS = {
  cardTitle: 'Canned Responses',
  cardDescription: 'Answers you use often. Type / at the start of a line in a reply to insert one.',
  newResponse: 'New Response',
  editResponse: 'Edit Response',
  save: 'Save Response',
  delete: 'Delete',
  edit: 'Edit',
  cancel: 'Cancel',
  insert: 'Insert Response',
  searchLabel: 'Search responses',
  searchPlaceholder: 'Search responses...',
  empty: 'No canned responses yet',
  noMatch: 'No responses match',
  loadFailed: 'Could not load canned responses',
  name: 'Name',
  body: 'Body',
  scope: 'Who can use it',
  scopeTeam: 'Team (everyone)',
  scopePersonal: 'Only me',
  actionsTitle: 'Also apply',
  setStatus: 'Set status',
  setPriority: 'Set priority',
  assign: 'Assign',
  noChange: 'No change',
  assignMe: 'The agent applying it',
  unassign: 'Unassigned',
  placeholdersHelp: `Placeholders: ${CANNED_RESPONSE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ')}`,
  saved: 'Response saved',
  deleted: 'Response deleted',
  saveFailed: 'Could not save the response',
  deleteFailed: 'Could not delete the response',
  confirmDelete: (name: string) => `Delete "${name}"? This cannot be undone.`,
  applied: (name: string) => `Inserted "${name}"`,
  applyFailed: 'Could not insert the response',
  used: (count: number) => `Used ${count} ${count === 1 ? 'time' : 'times'}`,
  team: 'Team',
  personal: 'Personal',
} as const;

/** "me", a user's id, or null (unassign); absent: the assignee is left as it is. */
export const assignToSchema = z.union(
  [z.literal('me'), z.guid('Must be "me", a user id or null'), z.null()],
  {
    error: 'Must be "me", a user id or null',
  },
);

export const cannedResponseActionsSchema = z.strictObject({
  status: labelled(manualTicketStatusSchema, CANNED_RESPONSE_TEXTS.setStatus).optional(),
  priority: labelled(
    z.enum(TICKET_PRIORITIES, `Priority must be one of: ${TICKET_PRIORITIES.join(', ')}`),
    CANNED_RESPONSE_TEXTS.setPriority,
  ).optional(),
  assignTo: labelled(assignToSchema, CANNED_RESPONSE_TEXTS.assign).optional(),
});
export type CannedResponseActions = z.infer<typeof cannedResponseActionsSchema>;

// Labelled with the dialog's own labels: a 400 says "Name: At most 100 characters" (decision 120).
const nameSchema = labelled(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CANNED_RESPONSE_LIMITS.name, `At most ${CANNED_RESPONSE_LIMITS.name} characters`)
    .refine(withoutNul, 'Name contains a character that cannot be stored'),
  CANNED_RESPONSE_TEXTS.name,
);

const bodySchema = labelled(
  z
    .string({ error: 'Body is required' })
    .max(CANNED_RESPONSE_LIMITS.body, `At most ${CANNED_RESPONSE_LIMITS.body} characters`)
    .refine((value) => value.trim() !== '', 'Body is required')
    .refine(withoutNul, 'Body contains a character that cannot be stored')
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: CANNED_RESPONSE_MESSAGES.unknownPlaceholder(unknown) });
    }),
  CANNED_RESPONSE_TEXTS.body,
);

export const createCannedResponseSchema = z.strictObject({
  name: nameSchema,
  body: bodySchema,
  scope: labelled(
    z.enum(CANNED_RESPONSE_SCOPES, 'Scope must be team or personal'),
    CANNED_RESPONSE_TEXTS.scope,
  ),
  actions: cannedResponseActionsSchema.default({}),
});
export type CreateCannedResponseInput = z.output<typeof createCannedResponseSchema>;

/** Any of the fields; the scope of a response is fixed once made. */
export const updateCannedResponseSchema = z
  .strictObject({
    name: nameSchema.optional(),
    body: bodySchema.optional(),
    actions: cannedResponseActionsSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to update');
export type UpdateCannedResponseInput = z.output<typeof updateCannedResponseSchema>;

export const cannedResponsesQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(CANNED_RESPONSE_LIMITS.search, `At most ${CANNED_RESPONSE_LIMITS.search} characters`)
    .optional(),
});

export const applyResponseSchema = z.strictObject({
  responseId: z.guid('Must be a valid id'),
});

export const cannedResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  scope: z.enum(CANNED_RESPONSE_SCOPES),
  /** Who made it (the owner of a personal one). */
  ownerId: z.string().nullable(),
  actions: cannedResponseActionsSchema,
  usageCount: z.number().int().nonnegative(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;

export const cannedResponsesResponseSchema = /* @__PURE__ */ z.object({
  responses: z.array(cannedResponseSchema),
});
export type CannedResponsesResponse = z.infer<typeof cannedResponsesResponseSchema>;
export const cannedResponseResultSchema = /* @__PURE__ */ z.object({ response: cannedResponseSchema });
export type CannedResponseResult = z.infer<typeof cannedResponseResultSchema>;

/** The rendered body, to insert in the reply, and the ticket after the response's actions. */
export const applyResponseResultSchema = /* @__PURE__ */ z.object({
  body: z.string(),
  ticket: ticketDetailSchema,
});
export type ApplyResponseResult = z.infer<typeof applyResponseResultSchema>;
