/**
 * Groups (issue 39): a queue per team. Plain zod only: the SPA imports this file.
 *
 * - GET /api/groups (signed-in) → GroupsResponse, by name.
 * - POST /api/groups → 201 {group}; PUT /api/groups/{id} (any of the fields) → {group};
 *   DELETE /api/groups/{id} → 204, or 409 while tickets belong to it. Writes: admins only (403).
 *
 * `assignment`: `manual` (nobody is picked), `round_robin` (the next active member in turn) or
 * `least_open` (the active member with the fewest open or in-progress tickets of the group; ties in
 * turn). `openTickets` counts the group's tickets open or in progress, the Trash left out.
 */
import { z } from 'zod';
import { labelled, withoutNul } from './common';

export const GROUP_ASSIGNMENTS = ['manual', 'round_robin', 'least_open'] as const;
export type GroupAssignment = (typeof GROUP_ASSIGNMENTS)[number];

export const GROUP_LIMITS = { name: 80, description: 500, emailAddress: 320, members: 500 } as const;

/** The labels of Settings → Groups, which name the fields of a 400 (decision 120). */
export const GROUP_TEXTS = {
  name: 'Name',
  description: 'Description',
  emailAddress: 'Email Address',
  private: 'Private',
  assignment: 'Assignment',
  members: 'Members',
} as const;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  nameTaken: 'Another group has this name',
  emailAddressTaken: 'Another group uses this address',
  unknownMembers: 'No such user',
  hasTickets: (count: number) =>
    `${count} ${count === 1 ? 'ticket belongs' : 'tickets belong'} to this group. Move them to another group first.`,
} as const;

const nameSchema = labelled(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(GROUP_LIMITS.name, `At most ${GROUP_LIMITS.name} characters`)
    .refine(withoutNul, 'Name contains a character that cannot be stored'),
  GROUP_TEXTS.name,
);

const descriptionSchema = labelled(
  z
    .string()
    .trim()
    .max(GROUP_LIMITS.description, `At most ${GROUP_LIMITS.description} characters`)
    .refine(withoutNul, 'Description contains a character that cannot be stored'),
  GROUP_TEXTS.description,
);

/** A group's own address (its mailbox); empty or null for none. Stored lower-cased. */
const emailAddressSchema = labelled(
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('Must be an email address').max(GROUP_LIMITS.emailAddress))
      .nullable(),
  ),
  GROUP_TEXTS.emailAddress,
);

const privateSchema = labelled(z.boolean('Must be true or false'), GROUP_TEXTS.private);

const assignmentSchema = labelled(
  z.enum(GROUP_ASSIGNMENTS, 'Assignment must be manual, round_robin or least_open'),
  GROUP_TEXTS.assignment,
);

/** The members' user ids, each once. */
const membersSchema = labelled(
  z
    .array(z.guid('Must be a valid id'))
    .max(GROUP_LIMITS.members, `At most ${GROUP_LIMITS.members} members`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  GROUP_TEXTS.members,
);

export const createGroupSchema = z.strictObject({
  name: nameSchema,
  description: descriptionSchema.default(''),
  emailAddress: emailAddressSchema.default(null),
  private: privateSchema.default(false),
  assignment: assignmentSchema.default('manual'),
  members: membersSchema.default([]),
});
export type CreateGroupInput = z.output<typeof createGroupSchema>;

export const updateGroupSchema = z
  .strictObject({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    emailAddress: emailAddressSchema.optional(),
    private: privateSchema.optional(),
    assignment: assignmentSchema.optional(),
    members: membersSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to update');
export type UpdateGroupInput = z.output<typeof updateGroupSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  emailAddress: z.string().nullable(),
  private: z.boolean(),
  assignment: z.enum(GROUP_ASSIGNMENTS),
  members: z.array(z.string()),
  openTickets: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

export interface GroupsResponse {
  groups: Group[];
}
export interface GroupResponse {
  group: Group;
}
