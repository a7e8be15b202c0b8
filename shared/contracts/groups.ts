/**
 * Groups (issue 39): a queue per team. Plain zod only: the SPA imports this file.
 *
 * - GET /api/groups (signed-in) → GroupsResponse, by name.
 * - POST /api/groups → 201 {group}; PUT /api/groups/{id} (any of the fields) → {group};
 *   DELETE /api/groups/{id} → 204, or 409 while tickets belong to it, unless `?moveTo={groupId|none}`
 *   sends them (the Trash's too) to another group or to none first. Writes: admins only (403).
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
  // Settings → Groups (the screens, issue 39): Title Case buttons, sentence-case toasts.
  section: 'Groups',
  cardDescription:
    'A queue per team: its own address, a way of assigning its new tickets, and who belongs to it.',
  listLabel: 'Groups',
  empty: 'No groups yet. Without one, every ticket is in the one shared queue.',
  loadFailed: 'Could not load the groups.',
  addGroup: 'Add Group',
  editGroup: 'Edit Group',
  saveGroup: 'Save Group',
  deleteGroup: 'Delete Group',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  dialogDescription: 'Tickets can be put in a group, and the list filtered by it.',
  noAddress: 'No address',
  privateMarker: 'Private',
  privateHint: 'Only its members and administrators will see its tickets.',
  emailAddressHint: 'Mail sent to this address will open its tickets in this group.',
  membersHint: 'Active users. Automatic assignment picks among them.',
  membersNone: 'No active users to add.',
  membersLoadFailed: 'Could not load the users.',
  memberCount: (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`,
  openCount: (count: number) => `${count} open`,
  assignmentLabels: { manual: 'Manual', round_robin: 'Round robin', least_open: 'Least open' },
  confirmDelete: (name: string) => `Delete the group "${name}"? This cannot be undone.`,
  moveTicketsTo: 'Move tickets to',
  moveAndDelete: 'Move Tickets and Delete',
  moveHint: 'Choose where its tickets go; the group is deleted once they are moved.',
  noGroup: 'No group',
  unknownGroup: 'Unknown group',
  // Toasts.
  saved: 'Group saved.',
  saveFailed: 'Could not save the group.',
  deleted: 'Group deleted.',
  deleteFailed: 'Could not delete the group.',
  // The sidebar's Groups section.
  sidebarSection: 'Groups',
  openUnit: (count: number) => `${count === 1 ? 'open ticket' : 'open tickets'}`,
  // The Group selects (filter panel, bulk bar, Status Management, New Ticket).
  group: 'Group',
  filterLegend: 'Group',
  bulkMove: 'Move to Group',
  // Told before losing sight of a ticket by one's own move (issue 39 "Private groups").
  privateMoveTitle: 'Move to a Private Group?',
  privateCreateTitle: 'Create in a Private Group?',
  privateMoveText: (group: string) =>
    `You are not a member of ${group}. Once the ticket is there, you will no longer see it.`,
  privateMoveManyText: (group: string) =>
    `You are not a member of ${group}. Once these tickets are there, you will no longer see them.`,
  privateCreateText: (group: string) =>
    `You are not a member of ${group}. Once the ticket is created there, you will no longer see it.`,
  moveTicket: 'Move Ticket',
  moveTickets: 'Move Tickets',
  createTicket: 'Create Ticket',
} as const;

export const GROUP_MESSAGES = {
  notFound: 'Group not found',
  nameTaken: 'Another group has this name',
  emailAddressTaken: 'Another group uses this address',
  unknownMembers: 'No such user',
  moveToItself: 'Choose another group',
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

/** Where DELETE /api/groups/{id}?moveTo= sends the group's tickets: another group, or `none`. */
export const GROUP_MOVE_TO_NONE = 'none';

export const deleteGroupQuerySchema = z.object({
  moveTo: labelled(
    z
      .union(
        [z.literal(GROUP_MOVE_TO_NONE), z.guid('Must be a group id or none')],
        'Must be a group id or none',
      )
      .optional(),
    GROUP_TEXTS.moveTicketsTo,
  ),
});
export type DeleteGroupQuery = z.output<typeof deleteGroupQuerySchema>;

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

export const groupsResponseSchema = /* @__PURE__ */ z.object({ groups: z.array(groupSchema) });
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;
export const groupResponseSchema = /* @__PURE__ */ z.object({ group: groupSchema });
export type GroupResponse = z.infer<typeof groupResponseSchema>;
