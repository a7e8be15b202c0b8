import { z } from 'zod';
import {
  ruleInputSchema,
  ruleOrderSchema,
  rulePreviewResponseSchema,
  rulePreviewSchema,
  ruleResponseSchema,
  ruleRunsQuerySchema,
  ruleRunsResponseSchema,
  rulesResponseSchema,
} from '@shared/contracts/rules';
import { idSchema } from '@shared/contracts/tickets';
import { created, json, noContent, type ApiArea } from '../operation';

const idParams = z.object({ id: idSchema });

export const RULES: ApiArea = {
  tag: 'Rules',
  description: 'Triggers and schedules that act on tickets (admins only).',
  operations: [
    {
      method: 'GET',
      path: '/api/rules',
      access: 'admin',
      summary: 'List rules',
      answer: json(rulesResponseSchema, 'In order'),
    },
    {
      method: 'POST',
      path: '/api/rules',
      access: 'admin',
      summary: 'Create a rule',
      body: ruleInputSchema,
      answer: created(ruleResponseSchema, 'The rule'),
      errors: [409],
    },
    {
      method: 'PUT',
      path: '/api/rules/order',
      access: 'admin',
      summary: 'Put the rules in a new order',
      body: ruleOrderSchema,
      answer: json(rulesResponseSchema, 'In their new order'),
    },
    {
      method: 'POST',
      path: '/api/rules/preview',
      access: 'admin',
      summary: 'Which open tickets a rule’s conditions match now',
      description: 'Writes nothing.',
      body: rulePreviewSchema,
      answer: json(rulePreviewResponseSchema, 'How many match, and a sample'),
    },
    {
      method: 'PUT',
      path: '/api/rules/:id',
      access: 'admin',
      summary: 'Change a rule',
      params: idParams,
      body: ruleInputSchema,
      answer: json(ruleResponseSchema, 'The rule as saved'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/rules/:id',
      access: 'admin',
      summary: 'Delete a rule',
      params: idParams,
      answer: noContent('Deleted'),
    },
    {
      method: 'GET',
      path: '/api/rules/:id/runs',
      access: 'admin',
      summary: 'What a rule did, newest first',
      params: idParams,
      query: ruleRunsQuerySchema,
      answer: json(ruleRunsResponseSchema, 'Its runs'),
    },
  ],
};
