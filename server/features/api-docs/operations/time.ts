import { z } from 'zod';
import {
  harvestProjectsResponseSchema,
  harvestProjectTasksParamsSchema,
  harvestTasksQuerySchema,
  harvestTasksResponseSchema,
} from '@shared/contracts/harvest';
import {
  harvestMappingsResponseSchema,
  harvestUsersResponseSchema,
  matchHarvestUsersResponseSchema,
} from '@shared/contracts/harvest-users';
import {
  createTimeEntryResponseSchema,
  createTimeEntrySchema,
  deleteTimeEntryResponseSchema,
  timeEntriesResponseSchema,
  timeEntryListQuerySchema,
  timeEntrySummaryQuerySchema,
  timeEntrySummarySchema,
  updateTimeEntrySchema,
} from '@shared/contracts/time';
import { idSchema } from '@shared/contracts/tickets';
import { stopTimerResponseSchema, timerResponseSchema } from '@shared/contracts/timers';
import { created, json, type ApiArea } from '../operation';

const idParams = z.object({ id: idSchema });
const tasksOfProject = {
  method: 'GET',
  access: 'authenticated',
  summary: 'The tasks of a Harvest project',
  params: harvestProjectTasksParamsSchema,
  answer: json(harvestTasksResponseSchema, 'Its tasks (the fixed list when Harvest cannot be asked)'),
} as const;

export const TIME: ApiArea = {
  tag: 'Time',
  description:
    'Time entries pushed to Harvest, the Harvest pickers and user mapping, and each agent’s timer.',
  operations: [
    {
      method: 'GET',
      path: '/api/harvest/projects',
      access: 'authenticated',
      summary: 'Harvest projects (the picker)',
      answer: json(
        harvestProjectsResponseSchema,
        'The projects (the fixed list when Harvest cannot be asked)',
      ),
    },
    { ...tasksOfProject, path: '/api/harvest/projects/:projectId/tasks' },
    {
      ...tasksOfProject,
      path: '/api/harvest/tasks/:projectId',
      description: 'The older path of the same list.',
    },
    {
      method: 'GET',
      path: '/api/harvest/tasks',
      access: 'authenticated',
      summary: 'The tasks of a Harvest project, by query',
      query: harvestTasksQuerySchema,
      answer: json(harvestTasksResponseSchema, 'Its tasks'),
    },
    {
      method: 'GET',
      path: '/api/harvest/users',
      access: 'admin',
      summary: 'Harvest’s users',
      answer: json(harvestUsersResponseSchema, 'The account’s users'),
      errors: [503],
    },
    {
      method: 'POST',
      path: '/api/harvest/users/match',
      access: 'admin',
      summary: 'Map agents to Harvest users by email',
      answer: json(matchHarvestUsersResponseSchema, 'How many were matched, and every mapping'),
      errors: [503],
    },
    {
      method: 'GET',
      path: '/api/harvest/mapping',
      access: 'authenticated',
      summary: 'Which Harvest user each agent’s hours go under',
      answer: json(harvestMappingsResponseSchema, 'The mappings and the token’s owner'),
    },
    {
      method: 'GET',
      path: '/api/time-entries',
      access: 'authenticated',
      summary: 'The caller’s recent time entries',
      query: timeEntryListQuerySchema,
      answer: json(timeEntriesResponseSchema, 'Newest first'),
    },
    {
      method: 'GET',
      path: '/api/time-entries/summary',
      access: 'authenticated',
      summary: 'The caller’s hours today and this week',
      query: timeEntrySummaryQuerySchema,
      answer: json(timeEntrySummarySchema, 'The sums'),
    },
    {
      method: 'POST',
      path: '/api/time-entries',
      access: 'authenticated',
      summary: 'Log time',
      body: createTimeEntrySchema,
      answer: created(createTimeEntryResponseSchema, 'The entry and how it reached Harvest'),
    },
    {
      method: 'PUT',
      path: '/api/time-entries/:id',
      access: 'authenticated',
      summary: 'Change a time entry',
      params: idParams,
      body: updateTimeEntrySchema,
      answer: json(createTimeEntryResponseSchema, 'The entry as saved and how the change reached Harvest'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/time-entries/:id',
      access: 'authenticated',
      summary: 'Delete a time entry',
      params: idParams,
      answer: json(deleteTimeEntryResponseSchema, 'Deleted, and whether Harvest was told'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/timer',
      access: 'authenticated',
      summary: 'The caller’s running timer',
      answer: json(timerResponseSchema, 'The timer, or null'),
    },
    {
      method: 'POST',
      path: '/api/tickets/:id/timer',
      access: 'authenticated',
      summary: 'Start a timer on a ticket',
      description: 'Stops the caller’s timer on another ticket, if any.',
      params: idParams,
      answer: created(timerResponseSchema, 'The running timer'),
    },
    {
      method: 'DELETE',
      path: '/api/timer',
      access: 'authenticated',
      summary: 'Stop the caller’s timer',
      answer: json(stopTimerResponseSchema, 'What it counted, or null when none ran'),
    },
  ],
};
