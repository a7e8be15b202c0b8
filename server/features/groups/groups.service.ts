/**
 * Groups (issue 39): admins define them in Settings → Groups; every signed-in user reads them (the
 * sidebar, the forms). Names and addresses are unique whatever their case: the unique indexes decide,
 * so two admins adding the same name at once get one 201 and one 409. A group with tickets is not
 * deleted: 409 with their count (the foreign key refuses it too, should a ticket arrive meanwhile),
 * unless the admin says where its tickets go.
 */
import {
  createGroupSchema,
  GROUP_MESSAGES,
  GROUP_MOVE_TO_NONE,
  type CreateGroupInput,
  type Group,
  type UpdateGroupInput,
} from '@shared/contracts/groups';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { TicketCaller } from '../../core/tickets/ticket-changes';
import { applyChanges, lockAllOrFail } from '../../core/tickets/ticket-writes.service';
import { moveTrashedTicketsToGroup } from '../../core/tickets/tickets.repository';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import { fieldRefusal } from '../../lib/validate';
import { toGroup } from './group.mapper';
import * as repository from './groups.repository';

/** The admin making the change, for the audit log. */
export interface GroupsActor {
  actorId: string;
  ip: string | null;
}

/** Settings → Groups is part of the settings: the audit log says an admin changed them. */
const recordChange = (tx: DbOrTx, actor: GroupsActor) =>
  recordSecurityEvent(tx, { kind: 'settings_changed', actorId: actor.actorId, ip: actor.ip });

const refusal = (field: keyof CreateGroupInput, message: string, code: 'bad_request' | 'conflict') =>
  fieldRefusal({ [field]: [message] }, { schema: createGroupSchema, code });

/** A unique index's refusal as the 409 naming its field. */
function takenRefusal(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return pgConstraint(error) === 'groups_email_address_unique'
    ? refusal('emailAddress', GROUP_MESSAGES.emailAddressTaken, 'conflict')
    : refusal('name', GROUP_MESSAGES.nameTaken, 'conflict');
}

async function assertUsersExist(tx: DbOrTx, members: readonly string[] | undefined): Promise<void> {
  if (!members?.length) return;
  const unknown = await repository.unknownUsers(tx, members);
  if (unknown.length > 0)
    throw refusal('members', `${GROUP_MESSAGES.unknownMembers}: ${unknown.join(', ')}`, 'bad_request');
}

async function mustFindGroup(db: DbOrTx, id: string): Promise<Group> {
  const group = await repository.findGroup(db, id);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  return toGroup(group);
}

export async function listGroups(db: Database): Promise<Group[]> {
  return (await repository.listGroups(db)).map(toGroup);
}

export async function createGroup(db: Database, input: CreateGroupInput, actor: GroupsActor): Promise<Group> {
  try {
    return await db.transaction(async (tx) => {
      await assertUsersExist(tx, input.members);
      const { members, ...values } = input;
      const id = await repository.insertGroup(tx, values);
      await repository.replaceMembers(tx, id, members);
      await recordChange(tx, actor);
      return mustFindGroup(tx, id);
    });
  } catch (error) {
    throw takenRefusal(error);
  }
}

export async function updateGroup(
  db: Database,
  id: string,
  input: UpdateGroupInput,
  actor: GroupsActor,
): Promise<Group> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repository.lockGroup(tx, id))) throw notFound(GROUP_MESSAGES.notFound);
      await assertUsersExist(tx, input.members);
      const { members, ...values } = input;
      await repository.updateGroup(tx, id, values);
      if (members) await repository.replaceMembers(tx, id, members);
      await recordChange(tx, actor);
      return mustFindGroup(tx, id);
    });
  } catch (error) {
    throw takenRefusal(error);
  }
}

/**
 * Deletes a group. While tickets belong to it (the Trash included: a deleted ticket can come back) it
 * answers 409 with their count, unless `moveTo` names another group or `none`: its tickets then move
 * there first, each move a ticket change in the Activity Log like any other (a group that assigns
 * automatically gives the unassigned ones a member), in the same transaction as the deletion.
 */
export async function deleteGroup(
  db: Database,
  id: string,
  actor: GroupsActor & { caller: TicketCaller },
  moveTo?: string,
): Promise<void> {
  const hasTickets = (count: number) =>
    fieldRefusal({ id: [GROUP_MESSAGES.hasTickets(count)] }, { code: 'conflict' });
  try {
    await db.transaction(async (tx) => {
      if (!(await repository.lockGroup(tx, id))) throw notFound(GROUP_MESSAGES.notFound);
      if (moveTo !== undefined) await moveTicketsOut(tx, id, await destination(tx, id, moveTo), actor.caller);
      const count = await repository.countTickets(tx, id);
      if (count > 0) throw hasTickets(count);
      await repository.deleteGroup(tx, id);
      await recordChange(tx, actor);
    });
  } catch (error) {
    // A ticket that joined the group after the count: the foreign key keeps it from losing its group.
    if (isForeignKeyViolation(error)) throw hasTickets(await repository.countTickets(db, id));
    throw error;
  }
}

/** The group `moveTo` names (null for none); 400 naming `moveTo` for this group or no such group. */
async function destination(tx: DbOrTx, id: string, moveTo: string): Promise<string | null> {
  if (moveTo === GROUP_MOVE_TO_NONE) return null;
  const target = moveTo.toLowerCase();
  if (target === id.toLowerCase()) throw fieldRefusal({ moveTo: [GROUP_MESSAGES.moveToItself] });
  if (!(await repository.findGroup(tx, target))) throw fieldRefusal({ moveTo: [GROUP_MESSAGES.notFound] });
  return target;
}

async function moveTicketsOut(tx: DbOrTx, id: string, target: string | null, caller: TicketCaller) {
  const { live, trashed } = await repository.lockTicketsOfGroup(tx, id);
  const changes: TicketFieldChanges[] = [];
  if (live.length > 0) {
    const locked = await lockAllOrFail(tx, live);
    changes.push(...(await applyChanges(tx, locked, { groupId: target }, caller)));
  }
  await moveTrashedTicketsToGroup(tx, trashed, target);
  changes.push(...trashed.map((ticketId) => ({ ticketId, group: { before: id, after: target } })));
  if (changes.length > 0)
    await recordTicketChange(tx, { actor: { user: caller }, channel: 'bulk', tickets: changes });
}
