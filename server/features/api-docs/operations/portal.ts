import { z } from 'zod';
import { successMessageSchema } from '@shared/contracts/auth-answers';
import {
  portalFieldsResponseSchema,
  portalMeSchema,
  portalMessageResponseSchema,
  portalMessageTextSchema,
  portalNewTicketResponseSchema,
  portalPermissionsSchema,
  portalSignInRequestedSchema,
  portalSignInSchema,
  portalStatusSchema,
  portalSubjectSchema,
  portalTicketDetailResponseSchema,
  portalTicketsQuerySchema,
  portalTicketsResponseSchema,
  ratingInputSchema,
  ratingPageResponseSchema,
} from '@shared/contracts/portal';
import { created, json, type ApiArea } from '../operation';
import { fileAnswer, fileQuery } from './tickets';

const tokenParams = z.object({ token: z.string().meta({ description: 'The token of the emailed link' }) });
const idParams = z.object({ id: z.string().meta({ description: 'The ticket’s or file’s id' }) });
const files = z.array(z.string().meta({ contentMediaType: 'application/octet-stream' })).optional();

export const PORTAL: ApiArea = {
  tag: 'Portal',
  description:
    'The requesters’ portal: signing in by an emailed link, then their own tickets. Answers 404 while an admin has the portal off.',
  operations: [
    {
      method: 'GET',
      path: '/api/portal/status',
      access: 'public',
      summary: 'Whether the portal is on',
      answer: json(portalStatusSchema, 'On or off, and whether links can be emailed'),
    },
    {
      method: 'POST',
      path: '/api/portal/sign-in',
      access: 'public',
      summary: 'Ask for a sign-in link',
      body: portalSignInSchema,
      answer: json(portalSignInRequestedSchema, 'Requested (the same answer for any address)', 202),
      errors: [429],
    },
    {
      method: 'POST',
      path: '/api/portal/sign-in/:token',
      access: 'public',
      summary: 'Sign in with the emailed link',
      description: 'Sets the portal’s session cookie.',
      params: tokenParams,
      answer: json(portalMeSchema, 'Signed in'),
    },
    {
      method: 'POST',
      path: '/api/portal/sign-out',
      access: 'public',
      summary: 'Sign out of the portal',
      answer: json(successMessageSchema, 'Signed out'),
    },
    {
      method: 'GET',
      path: '/api/portal/me',
      access: 'requester',
      summary: 'Who is signed in to the portal',
      answer: json(portalMeSchema, 'The requester'),
    },
    {
      method: 'GET',
      path: '/api/portal/permissions',
      access: 'requester',
      summary: 'Whether the requester may open tickets',
      answer: json(portalPermissionsSchema, 'What they may do'),
    },
    {
      method: 'GET',
      path: '/api/portal/tickets',
      access: 'requester',
      summary: 'The requester’s tickets',
      query: portalTicketsQuerySchema,
      answer: json(portalTicketsResponseSchema, 'One page and the total'),
    },
    {
      method: 'POST',
      path: '/api/portal/tickets',
      access: 'requester',
      summary: 'Open a ticket',
      description: '`customFields` is a JSON object of the portal fields’ values, as text.',
      bodyContent: {
        'multipart/form-data': {
          schema: z.object({
            subject: portalSubjectSchema,
            text: portalMessageTextSchema,
            customFields: z.string().optional(),
            files,
          }),
        },
      },
      answer: created(portalNewTicketResponseSchema, 'The new ticket'),
      errors: [413],
    },
    {
      method: 'GET',
      path: '/api/portal/tickets/:id',
      access: 'requester',
      summary: 'One of the requester’s tickets',
      params: idParams,
      answer: json(portalTicketDetailResponseSchema, 'The ticket and its conversation'),
    },
    {
      method: 'POST',
      path: '/api/portal/tickets/:id/messages',
      access: 'requester',
      summary: 'Write on one of the requester’s tickets',
      params: idParams,
      bodyContent: {
        'multipart/form-data': { schema: z.object({ text: portalMessageTextSchema, files }) },
      },
      answer: created(portalMessageResponseSchema, 'The message'),
      errors: [413],
    },
    {
      method: 'GET',
      path: '/api/portal/fields',
      access: 'requester',
      summary: 'The fields a requester fills in',
      answer: json(portalFieldsResponseSchema, 'The portal’s fields'),
    },
    {
      method: 'GET',
      path: '/api/portal/attachments/:id',
      access: 'requester',
      summary: 'Download a file of one of the requester’s tickets',
      params: idParams,
      query: fileQuery,
      answer: fileAnswer,
    },
    {
      method: 'GET',
      path: '/api/portal/ratings/:token',
      access: 'public',
      summary: 'What a rating link is for',
      params: tokenParams,
      answer: json(ratingPageResponseSchema, 'The ticket and any answer given'),
    },
    {
      method: 'POST',
      path: '/api/portal/ratings/:token',
      access: 'public',
      summary: 'Rate a closed ticket',
      params: tokenParams,
      body: ratingInputSchema,
      answer: json(successMessageSchema, 'Saved'),
    },
  ],
};
