/**
 * The contracts' schemas that answers share, named as components: each is written once in the
 * document and referenced wherever an answer holds it (zod-openapi matches them by identity), which
 * keeps the document small enough for a browser to render quickly and gives readers names to follow.
 */
import type { z } from 'zod';
import { apiTokenSchema, teamApiTokenSchema } from '@shared/contracts/api-tokens';
import { assetSchema } from '@shared/contracts/assets';
import { publicUserSchema } from '@shared/contracts/auth';
import { cannedResponseSchema } from '@shared/contracts/canned-responses';
import { mailboxStatusSchema } from '@shared/contracts/email-settings';
import { loanerEquipmentRecordSchema } from '@shared/contracts/equipment';
import { groupSchema } from '@shared/contracts/groups';
import { ticketMessageSchema } from '@shared/contracts/messages';
import { notificationSchema } from '@shared/contracts/notifications';
import { portalMessageSchema, portalTicketSummarySchema } from '@shared/contracts/portal';
import { ruleSchema } from '@shared/contracts/rules';
import { harvestCredentialsVerificationSchema, harvestUserSummarySchema } from '@shared/contracts/settings';
import { ticketSlaSchema } from '@shared/contracts/sla';
import { teamMemberSchema } from '@shared/contracts/team';
import { ticketFieldSchema } from '@shared/contracts/ticket-fields';
import { ticketDetailSchema, ticketEventSchema, ticketListItemSchema } from '@shared/contracts/tickets';
import { timeEntrySchema } from '@shared/contracts/time';
import { savedViewSchema } from '@shared/contracts/views';
import {
  webhookDeliverySchema,
  webhookLoanSchema,
  webhookSchema,
  webhookTicketSchema,
} from '@shared/contracts/webhooks';

export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Ticket: ticketDetailSchema,
  TicketListItem: ticketListItemSchema,
  TicketSla: ticketSlaSchema,
  TicketEvent: ticketEventSchema,
  TicketMessage: ticketMessageSchema,
  TicketField: ticketFieldSchema,
  User: publicUserSchema,
  TeamMember: teamMemberSchema,
  ApiToken: apiTokenSchema,
  TeamApiToken: teamApiTokenSchema,
  TimeEntry: timeEntrySchema,
  Loan: loanerEquipmentRecordSchema,
  Asset: assetSchema,
  Group: groupSchema,
  CannedResponse: cannedResponseSchema,
  SavedView: savedViewSchema,
  Rule: ruleSchema,
  Notification: notificationSchema,
  PortalTicket: portalTicketSummarySchema,
  PortalMessage: portalMessageSchema,
  Webhook: webhookSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookTicket: webhookTicketSchema,
  WebhookLoan: webhookLoanSchema,
  HarvestUserSummary: harvestUserSummarySchema,
  HarvestCredentialsVerification: harvestCredentialsVerificationSchema,
  MailboxStatus: mailboxStatusSchema,
};
