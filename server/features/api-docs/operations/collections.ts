import { z } from 'zod';
import {
  applyResponseResultSchema,
  applyResponseSchema,
  cannedResponseResultSchema,
  cannedResponsesQuerySchema,
  cannedResponsesResponseSchema,
  createCannedResponseSchema,
  updateCannedResponseSchema,
} from '@shared/contracts/canned-responses';
import {
  createGroupSchema,
  deleteGroupQuerySchema,
  groupResponseSchema,
  groupsResponseSchema,
  updateGroupSchema,
} from '@shared/contracts/groups';
import {
  createTicketFieldSchema,
  tagsQuerySchema,
  tagsResponseSchema,
  ticketFieldResponseSchema,
  ticketFieldsResponseSchema,
  updateTicketFieldSchema,
} from '@shared/contracts/ticket-fields';
import { idSchema } from '@shared/contracts/tickets';
import {
  createSavedViewSchema,
  savedViewResultSchema,
  savedViewsResponseSchema,
  updateSavedViewSchema,
} from '@shared/contracts/views';
import { created, json, noContent, type ApiArea, type ApiOperation } from '../operation';

const idParams = z.object({ id: idSchema });

/** The four routes of a team-or-personal collection (server/core/team-or-personal). */
function teamOrPersonal(
  path: string,
  what: string,
  schemas: { list: z.ZodType; one: z.ZodType; create: z.ZodType; update: z.ZodType; query?: z.ZodObject },
): ApiOperation[] {
  const rule = `Team ${what}s are changed by admins (403 for agents); personal ones by their owner only (404 for anyone else).`;
  return [
    {
      method: 'GET',
      path,
      access: 'authenticated',
      summary: `List ${what}s`,
      description: 'The team’s and the caller’s own.',
      ...(schemas.query ? { query: schemas.query } : {}),
      answer: json(schemas.list, `The ${what}s`),
    },
    {
      method: 'POST',
      path,
      access: 'authenticated',
      summary: `Create a ${what}`,
      description: rule,
      body: schemas.create,
      answer: created(schemas.one, `The ${what}`),
      errors: [409],
    },
    {
      method: 'PUT',
      path: `${path}/:id`,
      access: 'authenticated',
      summary: `Change a ${what}`,
      description: rule,
      params: idParams,
      body: schemas.update,
      answer: json(schemas.one, `The ${what} as saved`),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: `${path}/:id`,
      access: 'authenticated',
      summary: `Delete a ${what}`,
      description: rule,
      params: idParams,
      answer: noContent('Deleted'),
    },
  ];
}

export const COLLECTIONS: ApiArea = {
  tag: 'Ways of working',
  description: 'Canned responses, saved views, custom ticket fields, tags and groups.',
  operations: [
    ...teamOrPersonal('/api/canned-responses', 'canned response', {
      list: cannedResponsesResponseSchema,
      one: cannedResponseResultSchema,
      create: createCannedResponseSchema,
      update: updateCannedResponseSchema,
      query: cannedResponsesQuerySchema,
    }),
    {
      method: 'POST',
      path: '/api/tickets/:id/apply-response',
      access: 'authenticated',
      summary: 'Apply a canned response to a ticket',
      description: 'Runs its actions on the ticket and answers its text with the placeholders filled in.',
      params: idParams,
      body: applyResponseSchema,
      answer: json(applyResponseResultSchema, 'The text to send and the ticket as changed'),
    },
    ...teamOrPersonal('/api/views', 'saved view', {
      list: savedViewsResponseSchema,
      one: savedViewResultSchema,
      create: createSavedViewSchema,
      update: updateSavedViewSchema,
    }),
    {
      method: 'GET',
      path: '/api/ticket-fields',
      access: 'authenticated',
      summary: 'The custom ticket fields',
      answer: json(ticketFieldsResponseSchema, 'Every field, deactivated ones included'),
    },
    {
      method: 'POST',
      path: '/api/ticket-fields',
      access: 'admin',
      summary: 'Define a custom field',
      body: createTicketFieldSchema,
      answer: created(ticketFieldResponseSchema, 'The field'),
      errors: [409],
    },
    {
      method: 'PUT',
      path: '/api/ticket-fields/:id',
      access: 'admin',
      summary: 'Change a custom field',
      description: 'A 409 for an option still in use carries `ticketCount` beside the message.',
      params: idParams,
      body: updateTicketFieldSchema,
      answer: json(ticketFieldResponseSchema, 'The field as saved'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/tags',
      access: 'authenticated',
      summary: 'Tags in use (autocomplete)',
      query: tagsQuerySchema,
      answer: json(tagsResponseSchema, 'Tags and how many tickets carry each'),
    },
    {
      method: 'GET',
      path: '/api/groups',
      access: 'authenticated',
      summary: 'The groups',
      answer: json(groupsResponseSchema, 'The groups'),
    },
    {
      method: 'POST',
      path: '/api/groups',
      access: 'admin',
      summary: 'Create a group',
      body: createGroupSchema,
      answer: created(groupResponseSchema, 'The group'),
      errors: [409],
    },
    {
      method: 'PUT',
      path: '/api/groups/:id',
      access: 'admin',
      summary: 'Change a group',
      params: idParams,
      body: updateGroupSchema,
      answer: json(groupResponseSchema, 'The group as saved'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/groups/:id',
      access: 'admin',
      summary: 'Delete a group',
      description: '`moveTo` names the group its tickets move to (none: they leave any group).',
      params: idParams,
      query: deleteGroupQuerySchema,
      answer: noContent('Deleted'),
      errors: [409],
    },
  ],
};
