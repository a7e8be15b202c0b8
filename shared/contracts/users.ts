import { z } from 'zod';
import { publicUserSchema } from './auth';

/** A user as the user lists show it (spec §3 "User (as read)"): no role, never a password. */
export const userSummarySchema = publicUserSchema.omit({ role: true });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const usersResponseSchema = /* @__PURE__ */ z.object({ users: z.array(userSummarySchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

/** How many active (open or in_progress) tickets are assigned to a user. */
export const userTicketCountSchema = z.object({
  userId: z.string(),
  ticketCount: z.number().int().nonnegative(),
});
export type UserTicketCount = z.infer<typeof userTicketCountSchema>;

export const userTicketCountsResponseSchema = /* @__PURE__ */ z.object({
  userTicketCounts: z.array(userTicketCountSchema),
});
export type UserTicketCountsResponse = z.infer<typeof userTicketCountsResponseSchema>;

/**
 * GET /api/users lists the active users (the assignee pickers); `include=deactivated` adds the
 * deactivated accounts, for naming what they did (loans they created, say).
 */
export const usersQuerySchema = z.object({
  include: z.enum(['deactivated'], { error: 'include must be "deactivated"' }).optional(),
});
