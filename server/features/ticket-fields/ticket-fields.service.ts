/**
 * Defining the custom ticket fields (issue 38): admins add and change them; nothing a ticket uses can
 * vanish. A field is deactivated, never deleted; an option leaves the list only while no ticket (the
 * Trash included: a deleted ticket can come back) holds it; a type changes only while no ticket has a
 * value. Each write runs in one transaction holding the fields' write lock, so positions stay 0..n-1.
 */
import {
  createTicketFieldSchema,
  hasOptions,
  TICKET_FIELD_LIMITS,
  TICKET_FIELD_MESSAGES,
  updateTicketFieldSchema,
  type CreateTicketFieldInput,
  type TicketField,
  type TicketFieldConflictBody,
  type TicketFieldOption,
  type TicketFieldType,
  type UpdateTicketFieldInput,
} from '@shared/contracts/ticket-fields';
import { toTicketField } from '../../core/ticket-fields/ticket-field.mapper';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { fieldRefusal } from '../../lib/validate';
import * as repository from './ticket-fields.repository';

/** The admin making the change, for the audit log. */
export interface FieldsActor {
  actorId: string;
  ip: string | null;
}

export const listFields = (db: Database): Promise<TicketField[]> => listTicketFields(db);

const keyTaken = () =>
  fieldRefusal(
    { key: [TICKET_FIELD_MESSAGES.keyTaken] },
    { schema: createTicketFieldSchema, code: 'conflict' },
  );

const optionsRefusal = (message: string) =>
  fieldRefusal({ options: [message] }, { schema: updateTicketFieldSchema });

/** A 409 whose messages already say what is in use and where; `ticketCount` is for the screen. */
function inUse(field: 'type' | 'options', messages: string[], ticketCount: number): AppError {
  return new AppError('conflict', messages.join('; '), {
    fieldErrors: { [field]: messages },
    body: { ticketCount } satisfies TicketFieldConflictBody,
  });
}

/** Settings → Ticket Fields is part of the settings: the audit log says an admin changed them. */
const recordChange = (tx: DbOrTx, actor: FieldsActor) =>
  recordSecurityEvent(tx, { kind: 'settings_changed', actorId: actor.actorId, ip: actor.ip });

/**
 * Adds a field after the others. The key's uniqueness is the unique constraint's: two admins adding
 * the same key at once get one 201 and one 409.
 */
export async function createField(
  db: Database,
  input: CreateTicketFieldInput,
  actor: FieldsActor,
): Promise<TicketField> {
  try {
    return await db.transaction(async (tx) => {
      await repository.lockFieldsForWriting(tx);
      const total = await repository.countFields(tx);
      if (total >= TICKET_FIELD_LIMITS.fields) throw badRequest(TICKET_FIELD_MESSAGES.tooManyFields);
      const row = await repository.insertField(tx, {
        key: input.key,
        label: input.label,
        type: input.type,
        options: input.options ?? [],
        requiredToClose: input.requiredToClose ?? false,
        portal: input.portal ?? false,
        position: total,
      });
      await recordChange(tx, actor);
      return toTicketField(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
}

/**
 * The options the field ends with, or undefined when they stay as they are. A type without options
 * ends with none (its values were checked absent before the type changed); one with options keeps
 * its list unless a new one is given, and may not end empty.
 */
function nextOptions(
  current: TicketField,
  type: TicketFieldType,
  given: TicketFieldOption[] | undefined,
): TicketFieldOption[] | undefined {
  if (!hasOptions(type)) {
    if (given?.length) throw optionsRefusal(TICKET_FIELD_MESSAGES.optionsOnlyForChoices);
    return current.options.length > 0 ? [] : undefined;
  }
  const options = given ?? current.options;
  if (options.length === 0) throw optionsRefusal(TICKET_FIELD_MESSAGES.optionsRequired);
  return given !== undefined || type !== current.type ? options : undefined;
}

/** `$."key" == "value"`: keys are [a-z][a-z0-9_]*, and JSON's string escapes are jsonpath's. */
const holdsValue = (key: string, value: string) => `$."${key}" == ${JSON.stringify(value)}`;

/**
 * An option left out of the new list goes only if no ticket holds it; otherwise 409 naming each one
 * in use with its count, `ticketCount` being the tickets holding any of them. In lax mode the path
 * also matches a multi-select's list holding the value.
 */
async function assertRemovedOptionsUnused(
  tx: DbOrTx,
  current: TicketField,
  options: readonly TicketFieldOption[],
): Promise<void> {
  const kept = new Set(options.map((option) => option.value));
  const removed = current.options.filter((option) => !kept.has(option.value)).map((option) => option.value);
  const used: { value: string; count: number }[] = [];
  for (const value of removed) {
    const count = await repository.countTicketsMatching(tx, holdsValue(current.key, value));
    if (count > 0) used.push({ value, count });
  }
  if (used.length === 0) return;
  const ticketCount =
    used.length === 1
      ? used[0]!.count
      : await repository.countTicketsMatching(
          tx,
          used.map(({ value }) => holdsValue(current.key, value)).join(' || '),
        );
  throw inUse(
    'options',
    used.map(({ value, count }) => TICKET_FIELD_MESSAGES.optionInUse(value, count)),
    ticketCount,
  );
}

/** Places the field at `position` (past the end: last) and numbers them all 0..n-1 again. */
async function moveField(tx: DbOrTx, id: string, position: number): Promise<void> {
  const order = (await listTicketFields(tx)).map((field) => field.id).filter((each) => each !== id);
  order.splice(Math.min(position, order.length), 0, id);
  await repository.setPositions(tx, order);
}

/** Changes a field by the rules above; 404 for an unknown id. */
export async function updateField(
  db: Database,
  id: string,
  input: UpdateTicketFieldInput,
  actor: FieldsActor,
): Promise<TicketField> {
  return db.transaction(async (tx) => {
    await repository.lockFieldsForWriting(tx);
    const row = await repository.findField(tx, id);
    if (!row) throw notFound(TICKET_FIELD_MESSAGES.fieldNotFound);
    const current = toTicketField(row);
    const type = input.type ?? current.type;
    const options = nextOptions(current, type, input.options);
    const changes: repository.FieldChanges = {};
    if (type !== current.type) {
      const count = await repository.countTicketsWithValue(tx, current.key);
      if (count > 0) throw inUse('type', [TICKET_FIELD_MESSAGES.typeInUse(count)], count);
      changes.type = type;
    }
    if (options) {
      await assertRemovedOptionsUnused(tx, current, options);
      changes.options = options;
    }
    if (input.label !== undefined) changes.label = input.label;
    if (input.requiredToClose !== undefined) changes.requiredToClose = input.requiredToClose;
    if (input.active !== undefined) changes.active = input.active;
    if (input.portal !== undefined) changes.portal = input.portal;
    if (Object.keys(changes).length > 0) await repository.updateField(tx, id, changes);
    if (input.position !== undefined) await moveField(tx, id, input.position);
    await recordChange(tx, actor);
    return toTicketField((await repository.findField(tx, id))!);
  });
}
