/**
 * Canned responses (issue 23, docs/decisions/073-canned-responses.md): who may see and change which, and applying one to a
 * ticket: its body rendered for the ticket and the agent, its actions made through the ticket's own
 * update (the same rules, and the same record of who changed what, as a change by hand).
 */
import {
  CANNED_RESPONSE_MESSAGES,
  createCannedResponseSchema,
  renderCannedResponse,
  type ApplyResponseResult,
  type CannedResponse,
  type CannedResponseActions,
  type CreateCannedResponseInput,
  type UpdateCannedResponseInput,
} from '@shared/contracts/canned-responses';
import type { UpdateTicketInput } from '@shared/contracts/tickets';
import type { CannedResponseRow } from '@shared/schema';
import {
  teamOrPersonalCollection,
  teamOrPersonalFields,
} from '../../core/team-or-personal/team-or-personal.service';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import * as ticketsService from '../../core/tickets/tickets.service';
import { userExists } from '../../core/users/users.repository';
import type { TicketCaller } from '../../core/tickets/ticket-changes';
import * as repository from './canned-responses.repository';

/** Who asks: their id and role decide what they may change; their name fills {{agent.*}}. */
export interface CannedResponseCaller extends TicketCaller {
  role: string;
}

const toResponse = (row: CannedResponseRow): CannedResponse => ({
  ...teamOrPersonalFields(row),
  body: row.body,
  actions: row.actions as CannedResponseActions,
  usageCount: row.usageCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** A named assignee must exist when the response is saved (applying it checks again). */
async function assertAssigneeExists(db: Database, actions: CannedResponseActions | undefined): Promise<void> {
  const assignTo = actions?.assignTo;
  if (assignTo && assignTo !== 'me' && !(await userExists(db, assignTo))) {
    throw fieldRefusal(
      { 'actions.assignTo': [CANNED_RESPONSE_MESSAGES.unknownUser] },
      { schema: createCannedResponseSchema },
    );
  }
}

/** Canned responses as a team-or-personal collection; a named assignee is checked before each write. */
export const cannedResponses = teamOrPersonalCollection({
  messages: CANNED_RESPONSE_MESSAGES,
  repository: repository.responses,
  toItem: toResponse,
  list: (db, userId, query: { search?: string } | undefined) =>
    repository.listUsable(db, userId, query?.search || undefined),
  async insert(db, input: CreateCannedResponseInput, ownerId) {
    await assertAssigneeExists(db, input.actions);
    return repository.responses.insert(db, { ...input, ownerId });
  },
  async update(db, current, input: UpdateCannedResponseInput) {
    await assertAssigneeExists(db, input.actions);
    return repository.responses.update(db, current.id, input);
  },
});

/** The ticket change a response's actions ask for; undefined when they ask for none. */
function ticketChange(actions: CannedResponseActions, callerId: string): UpdateTicketInput | undefined {
  const change: UpdateTicketInput = {};
  if (actions.status) change.status = actions.status;
  if (actions.priority) change.priority = actions.priority;
  if (actions.assignTo !== undefined) {
    change.assignedTo = actions.assignTo === 'me' ? callerId : actions.assignTo;
  }
  return Object.keys(change).length > 0 ? change : undefined;
}

/**
 * Renders the response for the ticket and the caller, applies its actions to the ticket (an unknown
 * assignee is the ticket update's own 400), and counts the use. 404 for an unknown ticket or a
 * response the caller cannot use.
 */
export async function applyResponse(
  db: Database,
  caller: CannedResponseCaller,
  ticketId: string,
  responseId: string,
): Promise<ApplyResponseResult> {
  const row = await repository.responses.findVisible(db, responseId, caller.id);
  if (!row) throw notFound(CANNED_RESPONSE_MESSAGES.notFound);
  const change = ticketChange(row.actions as CannedResponseActions, caller.id);
  const ticket = change
    ? await ticketsService.updateTicket(db, ticketId, change, caller)
    : await ticketsService.getTicket(db, ticketId);
  await repository.countUse(db, row.id);
  const body = renderCannedResponse(row.body, {
    requester: { name: ticket.fromName, email: ticket.fromEmail },
    ticket: { number: ticket.ticketNumber, subject: ticket.subject },
    agent: caller,
  });
  return { body, ticket };
}
