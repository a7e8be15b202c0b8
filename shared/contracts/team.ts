import { z } from 'zod';
import { USER_ROLES } from '../constants';
import { registerSchema } from './auth';

/**
 * The Team page of Settings (issue 22, admins only): every account with its role and status, and the
 * invitations still pending. Plain zod only: the SPA imports this file.
 */

export const TEAM_MESSAGES = {
  memberNotFound: 'Team member not found',
  lastActiveAdmin:
    'This is the last active admin: make another member an admin first, so that someone can still manage the team.',
  nothingToChange: 'Give a role or an active flag to change',
  memberUpdated: 'Team member updated',
  invitationNotFound: 'Invitation not found, or no longer pending',
  invitationLinkInvalid: 'This invitation link has expired, has already been used or was revoked.',
  // The Team page's resets are for others: one's own account asks for one's password (Settings).
  ownTwoStep: 'Turn off your own two-step sign-in in Settings, with your password.',
  ownPassword: 'Change your own password in Settings, with your current one.',
} as const;

/** How long an invitation link works. */
export const INVITATION_VALID_DAYS = 7;

/** How the Team page names a role and a status. */
export const ROLE_LABELS = { admin: 'Admin', agent: 'Agent' } as const satisfies Record<
  (typeof USER_ROLES)[number],
  string
>;
/** A role in a sentence: "is now an admin", "invited you as an agent". */
export const ROLE_IN_SENTENCE = { admin: 'an admin', agent: 'an agent' } as const satisfies Record<
  (typeof USER_ROLES)[number],
  string
>;
export const MEMBER_STATUS_LABELS = { active: 'Active', deactivated: 'Deactivated' } as const;

export const teamMemberSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  active: z.boolean(),
  /** ISO 8601; null when the member never signed in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/team */
export const teamResponseSchema = /* @__PURE__ */ z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const teamMemberParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a team member id' }),
});

/** PUT /api/team/:id: a role, an active flag or both. */
export const updateTeamMemberSchema = z
  .object({
    role: z.enum(USER_ROLES, { error: 'role must be "admin" or "agent"' }).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((input) => input.role !== undefined || input.active !== undefined, {
    message: TEAM_MESSAGES.nothingToChange,
    path: ['role'],
  });
export type UpdateTeamMemberInput = z.infer<typeof updateTeamMemberSchema>;

/** PUT /api/team/:id */
export const updateTeamMemberResponseSchema = /* @__PURE__ */ z.object({ member: teamMemberSchema });
export type UpdateTeamMemberResponse = z.infer<typeof updateTeamMemberResponseSchema>;

/** POST /api/team/invitations: the address and role; the names greet the invitee in the email. */
export const createInvitationSchema = z.object({
  email: registerSchema.shape.email,
  role: z.enum(USER_ROLES, { error: 'role must be "admin" or "agent"' }),
  firstName: z.string().trim().max(100, 'First name must be at most 100 characters').optional(),
  lastName: z.string().trim().max(100, 'Last name must be at most 100 characters').optional(),
});
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

/** 201 of POST /api/team/invitations: `url` is the only copy of the link, shown to the admin once. */
export const invitationCreatedResponseSchema = /* @__PURE__ */ z.object({
  invitation: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    expiresAt: z.string(),
    url: z.string(),
  }),
});
export type InvitationCreatedResponse = z.infer<typeof invitationCreatedResponseSchema>;

export const invitationParamsSchema = z.object({
  id: z.uuid({ error: 'id must be an invitation id' }),
});

/** GET /api/invitations/:token (no session): what the invite page shows. */
export const invitationLookupResponseSchema = /* @__PURE__ */ z.object({
  email: z.string(),
  role: z.enum(USER_ROLES),
});
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponseSchema>;

/** POST /api/invitations/:token/accept: the Register fields without the email (it is the invitation's). */
export const acceptInvitationSchema = registerSchema.pick({
  firstName: true,
  lastName: true,
  password: true,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
