import { z } from 'zod';
import { dashboardStatsSchema } from '@shared/contracts/dashboard';
import { loanReportSchema } from '@shared/contracts/loan-report';
import {
  notificationsResponseSchema,
  readNotificationsResponseSchema,
  readNotificationsSchema,
} from '@shared/contracts/notifications';
import { csatReportSchema, ticketRatingsResponseSchema } from '@shared/contracts/portal';
import { reportQuerySchema, reportSchema } from '@shared/contracts/reports';
import { slaReportSchema } from '@shared/contracts/sla';
import { fieldReportResponseSchema } from '@shared/contracts/ticket-fields';
import { idSchema } from '@shared/contracts/tickets';
import { json, type ApiArea } from '../operation';

export const REPORTS: ApiArea = {
  tag: 'Reports',
  description: 'The dashboard, the bell’s notifications, and the Reports page’s views.',
  operations: [
    {
      method: 'GET',
      path: '/api/dashboard/stats',
      access: 'authenticated',
      summary: 'The dashboard’s figures',
      answer: json(dashboardStatsSchema, 'The figures'),
    },
    {
      method: 'GET',
      path: '/api/notifications',
      access: 'authenticated',
      summary: 'The caller’s notifications (the bell)',
      answer: json(notificationsResponseSchema, 'Newest first, and the unread count'),
    },
    {
      method: 'POST',
      path: '/api/notifications/read',
      access: 'authenticated',
      summary: 'Mark notifications read',
      body: readNotificationsSchema,
      answer: json(readNotificationsResponseSchema, 'What is left unread'),
    },
    {
      method: 'GET',
      path: '/api/reports',
      access: 'authenticated',
      summary: 'Tickets and hours over a period',
      query: reportQuerySchema,
      answer: json(reportSchema, 'The report'),
    },
    {
      method: 'GET',
      path: '/api/reports/time-entries.csv',
      access: 'authenticated',
      summary: 'The period’s time entries as CSV',
      query: reportQuerySchema,
      answer: {
        kind: 'content',
        status: 200,
        description: 'A CSV file (UTF-8), one time entry a row',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    },
    {
      method: 'GET',
      path: '/api/reports/sla',
      access: 'authenticated',
      summary: 'SLA results over a period',
      query: reportQuerySchema,
      answer: json(slaReportSchema, 'The report'),
    },
    {
      method: 'GET',
      path: '/api/reports/loans',
      access: 'authenticated',
      summary: 'Loans over a period',
      query: reportQuerySchema,
      answer: json(loanReportSchema, 'The report'),
    },
    {
      method: 'GET',
      path: '/api/reports/fields/:key',
      access: 'authenticated',
      summary: 'Tickets and hours by a custom field’s value',
      params: z.object({ key: z.string().meta({ description: 'The custom field’s key' }) }),
      query: reportQuerySchema,
      answer: json(fieldReportResponseSchema, 'The field and a row per value'),
    },
    {
      method: 'GET',
      path: '/api/reports/csat',
      access: 'authenticated',
      summary: 'Satisfaction ratings over a period',
      query: reportQuerySchema,
      answer: json(csatReportSchema, 'The report'),
    },
    {
      method: 'GET',
      path: '/api/tickets/:id/ratings',
      access: 'authenticated',
      summary: 'A ticket’s satisfaction ratings',
      params: z.object({ id: idSchema }),
      answer: json(ticketRatingsResponseSchema, 'Newest first'),
    },
  ],
};
