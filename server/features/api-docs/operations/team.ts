import { z } from 'zod';
import { auditPageSchema, auditQuerySchema, auditResponseSchema } from '@shared/contracts/audit';
import { passwordResetLinkResponseSchema } from '@shared/contracts/auth-answers';
import {
  createInvitationSchema,
  invitationCreatedResponseSchema,
  invitationParamsSchema,
  teamMemberParamsSchema,
  teamResponseSchema,
  updateTeamMemberResponseSchema,
  updateTeamMemberSchema,
} from '@shared/contracts/team';
import { idSchema } from '@shared/contracts/tickets';
import {
  userTicketCountsResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@shared/contracts/users';
import { harvestMappingInputSchema, harvestMappingSchema } from '@shared/contracts/harvest-users';
import { created, json, noContent, type ApiArea } from '../operation';

export const TEAM: ApiArea = {
  tag: 'Team',
  description: 'The users agents pick from, and the Team page of Settings (admins).',
  operations: [
    {
      method: 'GET',
      path: '/api/users',
      access: 'authenticated',
      summary: 'The users (assignee pickers)',
      description: '`include=deactivated` adds the deactivated accounts.',
      query: usersQuerySchema,
      answer: json(usersResponseSchema, 'The users'),
    },
    {
      method: 'GET',
      path: '/api/users/ticket-counts',
      access: 'authenticated',
      summary: 'Open tickets per agent',
      answer: json(userTicketCountsResponseSchema, 'Counts by user'),
    },
    {
      method: 'PUT',
      path: '/api/users/:id/harvest-user',
      access: 'admin',
      summary: 'Which Harvest user an agent’s hours go under',
      params: z.object({ id: idSchema }),
      body: harvestMappingInputSchema,
      answer: json(harvestMappingSchema, 'The mapping as saved'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/team',
      access: 'admin',
      summary: 'The team: members and open invitations',
      answer: json(teamResponseSchema, 'Members and invitations'),
    },
    {
      method: 'GET',
      path: '/api/team/ticket-counts',
      access: 'admin',
      summary: 'Open tickets per member, deactivated ones included',
      answer: json(userTicketCountsResponseSchema, 'Counts by user'),
    },
    {
      method: 'PUT',
      path: '/api/team/:id',
      access: 'admin',
      summary: 'Change a member’s role or deactivate them',
      params: teamMemberParamsSchema,
      body: updateTeamMemberSchema,
      answer: json(updateTeamMemberResponseSchema, 'The member as saved'),
      errors: [409],
    },
    {
      method: 'POST',
      path: '/api/team/:id/password-reset',
      access: 'admin',
      summary: 'Make a password reset link for a member',
      description: 'Signs the member out; the link is in this answer only.',
      params: teamMemberParamsSchema,
      answer: json(passwordResetLinkResponseSchema, 'The link'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/team/:id/totp',
      access: 'admin',
      summary: 'Reset a member’s two-step sign-in',
      params: teamMemberParamsSchema,
      answer: noContent('Reset'),
    },
    {
      method: 'GET',
      path: '/api/team/audit',
      access: 'admin',
      summary: 'Security events, newest first',
      description: 'With `offset` the answer adds `total`.',
      query: auditQuerySchema,
      answer: json(z.union([auditPageSchema, auditResponseSchema]), 'The events'),
    },
    {
      method: 'POST',
      path: '/api/team/invitations',
      access: 'admin',
      summary: 'Invite someone',
      description: 'The link is in this answer only (and in the email, when email is set up).',
      body: createInvitationSchema,
      answer: created(invitationCreatedResponseSchema, 'The invitation and its link'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/team/invitations/:id',
      access: 'admin',
      summary: 'Revoke an invitation',
      params: invitationParamsSchema,
      answer: noContent('Revoked'),
    },
  ],
};
