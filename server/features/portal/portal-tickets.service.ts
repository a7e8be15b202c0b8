/**
 * What a signed-in requester does with their tickets in the portal (issue 41): list and read them,
 * write into one exactly as an emailed reply would, open one as an emailed request would, and fetch
 * their files. Every read is narrowed to the requester (portal-tickets.repository.ts); every write goes
 * through the same core paths as inbound email, so reopening, the unread marker, SLA, notifications
 * and the rules' `requester_replied` follow from the one ticket-change path, as for mail.
 */
import { DEFAULT_TICKET_PRIORITY } from '@shared/constants';
import {
  mayOpenPortalTickets,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  type PortalFieldsResponse,
  type PortalMessageResponse,
  type PortalNewTicketResponse,
  type PortalTicketDetailResponse,
  type PortalTicketsQuery,
  type PortalTicketsResponse,
} from '@shared/contracts/portal';
import type { CustomFieldValue, CustomFieldValues } from '@shared/contracts/ticket-fields';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { configuredBaseUrl } from '../../lib/urls';
import { newMessageId } from '../../mail/message-id';
import { applyAttachmentLimits } from '../../core/conversation/attachment-limits';
import { threadHeaders, threadMessageIds } from '../../core/conversation/conversation-thread';
import * as conversationService from '../../core/conversation/conversation.service';
import type { NewAttachment } from '../../core/conversation/conversation.service';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import { checkCustomFieldsInput } from '../../core/ticket-fields/custom-field-input';
import {
  listTicketFields,
  listTicketFieldsForWriting,
} from '../../core/ticket-fields/ticket-fields.repository';
import * as ticketsService from '../../core/tickets/tickets.service';
import {
  filesByMessage,
  portalFieldsOf,
  toPortalField,
  toPortalMessage,
  toPortalTicketDetail,
  toPortalTicketSummary,
} from './portal-tickets.mapper';
import * as repository from './portal-tickets.repository';
import { hasTicketFrom } from './portal-sign-in.repository';
import { portalMe } from './portal-sign-in.service';

export interface PortalTicketsDeps {
  db: Database;
  config: Pick<AppConfig, 'attachments' | 'inbound' | 'publicUrl' | 'host' | 'port'>;
}

export const PORTAL_TICKETS_MESSAGES = {
  tooManyTickets: 'Too many new tickets from this address; try again in a minute',
} as const;

/** The window of the per-requester limit on new tickets (INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE). */
const THROTTLE_WINDOW_SECONDS = 60;

const ticketNotFound = () => notFound(PORTAL_MESSAGES.ticketNotFound);

export async function listTickets(
  db: DbOrTx,
  email: string,
  query: PortalTicketsQuery,
): Promise<PortalTicketsResponse> {
  const limit = PORTAL_LIMITS.ticketsPageSize;
  const { rows, total } = await repository.listRequesterTickets(db, email, query.status, {
    limit,
    offset: (query.page - 1) * limit,
  });
  return { tickets: rows.map(toPortalTicketSummary), total };
}

/** The requester's ticket with its conversation as they see it; 404 for anyone else's or a trashed one. */
export async function getTicketDetail(
  db: DbOrTx,
  email: string,
  id: string,
): Promise<PortalTicketDetailResponse> {
  const ticket = await repository.findRequesterTicket(db, email, id);
  if (!ticket) throw ticketNotFound();
  // Messages before files: a message written meanwhile is missing altogether or shown with its files.
  const messages = await repository.listShownMessages(db, id, email);
  const files = await repository.listKeptFiles(db, id);
  return toPortalTicketDetail(ticket, await listTicketFields(db), messages, files);
}

/** 404 unless the ticket is the requester's (checked before an upload is read). */
export async function assertOwnTicket(db: DbOrTx, email: string, id: string): Promise<void> {
  if (!(await repository.findRequesterTicket(db, email, id))) throw ticketNotFound();
}

/** 403 unless the portal's newTickets mode lets this requester open tickets (checked before an upload). */
export async function assertMayOpenTickets(db: DbOrTx, email: string): Promise<void> {
  const settings = await loadPortalSettings(db);
  if (!mayOpenPortalTickets(settings, email, await hasTicketFrom(db, email))) {
    throw forbidden(PORTAL_MESSAGES.newTicketsClosed);
  }
}

/** The address our own Message-IDs name as their domain: the support address, else the app's host. */
function ourAddress(config: PortalTicketsDeps['config']): string {
  return config.inbound.supportAddress ?? `portal@${new URL(configuredBaseUrl(config)).hostname}`;
}

/** Uploaded files as inbound email's limits keep them (the upload already refused larger ones). */
const keptWithinLimits = (files: readonly NewAttachment[], config: PortalTicketsDeps['config']) =>
  applyAttachmentLimits(
    files.map((file) => ({ ...file, content: file.content ?? undefined })),
    config.attachments,
  );

export interface PortalMessageInput {
  text: string;
  files: readonly NewAttachment[];
}

/**
 * POST /api/portal/tickets/:id/messages: the requester's message joins the conversation as an emailed
 * reply does, through the same core steps as inbound email: the touch (reopens a closed ticket, tells
 * the assignee, counts for SLA and the rules' `requester_replied`), then the received message with its
 * files (unread for agents). A merged ticket's thread lives on in the ticket it was merged into, as
 * mail answering it does. It gets a Message-ID of its own and answers the thread's newest message, so
 * an agent's reply to it threads.
 */
export async function addMessage(
  deps: PortalTicketsDeps,
  email: string,
  id: string,
  input: PortalMessageInput,
): Promise<PortalMessageResponse> {
  const { db, config } = deps;
  const ticket = await repository.findRequesterTicket(db, email, id);
  if (!ticket) throw ticketNotFound();
  const me = await portalMe(db, email);
  return db.transaction(async (tx) => {
    const target = ticket.mergedIntoId ?? ticket.id;
    const received = { fromEmail: email, fromName: me.name };
    // Locks the ticket first, so the thread read next is the one this message answers.
    if (!(await ticketsService.touchForEmail(tx, target, { reopen: true, received }))) throw ticketNotFound();
    const thread = threadHeaders(await threadMessageIds(tx, target));
    const row = await conversationService.addReceivedMessage(
      tx,
      target,
      {
        ...received,
        to: '',
        subject: ticket.subject,
        body: input.text,
        messageId: newMessageId(ourAddress(config)),
        inReplyTo: thread.inReplyTo,
        references: thread.references,
      },
      keptWithinLimits(input.files, config),
    );
    const files = filesByMessage(await repository.listKeptFiles(tx, target));
    return { message: toPortalMessage(row, files.get(row.id) ?? []) };
  });
}

/** 429 once the requester opened the configured number of tickets within the last minute. */
async function enforceTicketLimit(tx: DbOrTx, email: string, limit: number): Promise<void> {
  const recent = await repository.recentTicketsOf(tx, email, THROTTLE_WINDOW_SECONDS);
  if (recent.count < limit) return;
  throw new AppError('too_many_requests', PORTAL_TICKETS_MESSAGES.tooManyTickets, {
    retryAfterSeconds: Math.max(1, recent.secondsUntilOldestExpires),
  });
}

/**
 * A new ticket's values of the portal's fields, checked as every write of values is (400 naming
 * `customFields.<key>`); a key of a field requesters do not fill is refused as an unknown field.
 */
async function checkedPortalValues(
  tx: DbOrTx,
  input: Record<string, unknown> | undefined,
): Promise<CustomFieldValues> {
  if (!input || Object.keys(input).length === 0) return {};
  const patch = checkCustomFieldsInput(portalFieldsOf(await listTicketFieldsForWriting(tx)), input);
  return Object.fromEntries(
    Object.entries(patch).filter((entry): entry is [string, CustomFieldValue] => entry[1] !== null),
  );
}

export interface PortalNewTicketInput {
  subject: string;
  text: string;
  customFields?: Record<string, unknown>;
  files: readonly NewAttachment[];
}

/**
 * POST /api/portal/tickets: a ticket opened as an emailed request opens one (createEmailTicket, so the
 * rules' `ticket_created`, SLA and notifications follow), sent by this requester under the name they
 * last wrote under, with the files as its original message's. Limited per requester as inbound email
 * is per sender (INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE), emailed tickets counting too. The caller
 * has checked the newTickets mode (assertMayOpenTickets).
 */
export async function openTicket(
  deps: PortalTicketsDeps,
  email: string,
  input: PortalNewTicketInput,
): Promise<PortalNewTicketResponse> {
  const { db, config } = deps;
  const me = await portalMe(db, email);
  return db.transaction(async (tx) => {
    await repository.lockRequester(tx, email);
    await enforceTicketLimit(tx, email, config.inbound.maxTicketsPerSenderPerMinute);
    const id = await ticketsService.createEmailTicket(tx, {
      subject: input.subject,
      body: input.text,
      fromEmail: email,
      fromName: me.name,
      priority: DEFAULT_TICKET_PRIORITY,
      originalEmailDate: new Date(),
      attachments: input.files.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
      customFields: await checkedPortalValues(tx, input.customFields),
    });
    await conversationService.addOriginalFiles(tx, id, keptWithinLimits(input.files, config));
    const created = await repository.findRequesterTicketSummary(tx, email, id);
    if (!created) throw ticketNotFound();
    return { ticket: toPortalTicketSummary(created) };
  });
}

/** GET /api/portal/fields: the fields a requester fills when opening a ticket, in their order. */
export async function listFields(db: DbOrTx): Promise<PortalFieldsResponse> {
  return { fields: portalFieldsOf(await listTicketFields(db)).map(toPortalField) };
}

/** A file of the requester's own, with its content; 404 for any other (or one not kept). */
export async function getFile(db: DbOrTx, email: string, id: string) {
  const file = await repository.findRequesterFile(db, email, id);
  if (!file) throw notFound(PORTAL_MESSAGES.attachmentNotFound);
  return file;
}
