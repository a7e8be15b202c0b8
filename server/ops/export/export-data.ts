/**
 * `npm run export -- --out DIR`: everything people put into the help desk, in files any tool reads,
 * so leaving it is always possible: every ticket with its notes and email conversation, the files of
 * those emails, time entries, loans and the accounts they refer to, as JSON Lines and CSV, and a
 * README.md describing every file and column (export-readme.ts).
 *
 * Read in one REPEATABLE READ, READ ONLY transaction, like a backup: the files agree with one another
 * (every note belongs to a ticket of tickets.csv) however much the app writes meanwhile. Rows stream
 * through cursors into the files, so a million tickets never sit in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { CustomFieldValues, TicketField } from '@shared/contracts/ticket-fields';
import { parseNotes, type NoteEntry } from '@shared/notes';
import { customFieldCells } from '../../core/ticket-fields/custom-field-cells';
import { activeFields } from '@shared/contracts/ticket-fields';
import { toTicketField, type TicketFieldRow } from '../../core/ticket-fields/ticket-field.mapper';
import { silentProgress, type Progress } from '../progress';
import {
  ATTACHMENT_COLUMNS,
  LOAN_COLUMNS,
  MESSAGE_COLUMNS,
  names,
  NOTE_COLUMNS,
  TICKET_COLUMNS,
  TIME_ENTRY_COLUMNS,
  USER_COLUMNS,
  type ColumnSpec,
} from './export-columns';
import { attachmentPath, forEachBatch, isoSql, nameSql, openCsv, openJsonl } from './export-files';
import { writeExportReadme } from './export-readme';

export interface ExportSummary {
  dir: string;
  counts: {
    users: number;
    tickets: number;
    notes: number;
    messages: number;
    attachments: number;
    files: number;
    timeEntries: number;
    loans: number;
  };
}

type Row = Record<string, unknown>;
type Counts = ExportSummary['counts'];

const TICKET_BATCH = 1_000;

/** The values of `row` in the order of `columns`, as CSV cells (objects never reach a CSV file). */
const cells = (columns: readonly ColumnSpec[], row: Row) =>
  columns.map(({ name }) => {
    const value = row[name];
    if (value === null || value === undefined) return null;
    return typeof value === 'number' ? value : String(value);
  });

/** A flat entity (users, time entries, loans): the same fields in its JSON Lines and CSV files. */
async function exportFlat(
  client: pg.ClientBase,
  dir: string,
  file: string,
  columns: readonly ColumnSpec[],
  query: string,
  progress: Progress,
): Promise<number> {
  const jsonl = openJsonl(path.join(dir, `${file}.jsonl`));
  const csv = openCsv(path.join(dir, `${file}.csv`), names(columns));
  let count = 0;
  await forEachBatch<Row>(client, query, 2_000, async (rows) => {
    await jsonl.rows(rows);
    await csv.rows(rows.map((row) => cells(columns, row)));
    count += rows.length;
    progress.rows(file, count);
  });
  await Promise.all([jsonl.close(), csv.close()]);
  progress.tableDone(file, count);
  return count;
}

const USERS_SQL = `
  SELECT id, email, first_name AS "firstName", last_name AS "lastName", role,
         harvest_user_id::float8 AS "harvestUserId",
         ${isoSql('created_at')} AS "createdAt", ${isoSql('updated_at')} AS "updatedAt"
    FROM users ORDER BY created_at, id`;

const TIME_ENTRIES_SQL = `
  SELECT e.id, e.ticket_id AS "ticketId", t.ticket_number AS "ticketNumber", e.user_id AS "userId",
         u.email AS "userEmail", e.spent_date::text AS "spentDate", e.hours::float8 AS hours,
         e.harvest_project_id AS "harvestProjectId", e.harvest_project_name AS "harvestProjectName",
         e.harvest_task_id AS "harvestTaskId", e.harvest_task_name AS "harvestTaskName", e.notes,
         e.harvest_time_entry_id::float8 AS "harvestTimeEntryId", e.sync_status AS "syncStatus",
         e.last_sync_error AS "lastSyncError",
         ${isoSql('e.created_at')} AS "createdAt", ${isoSql('e.updated_at')} AS "updatedAt"
    FROM time_entries e
    LEFT JOIN tickets t ON t.id = e.ticket_id
    LEFT JOIN users u ON u.id = e.user_id
   ORDER BY e.spent_date, e.created_at, e.id`;

const LOANS_SQL = `
  SELECT l.id, l.product_type AS "productType", l.person_name AS "personName", l.phone,
         l.office_number AS "officeNumber", l.checkout_date::text AS "checkoutDate",
         l.expected_return_date::text AS "expectedReturnDate", l.actual_return_date::text AS "actualReturnDate",
         l.is_returned AS "isReturned", l.notes, c.email AS "createdByEmail", a.email AS "assignedToEmail",
         ${isoSql('l.created_at')} AS "createdAt", ${isoSql('l.updated_at')} AS "updatedAt"
    FROM loaner_equipment l
    LEFT JOIN users c ON c.id = l.created_by
    LEFT JOIN users a ON a.id = l.assigned_to
   ORDER BY l.checkout_date, l.created_at, l.id`;

/**
 * Each ticket with its conversation and files nested as JSON (built by PostgreSQL from the indexes on
 * ticket_id, one ticket at a time as the cursor reads it).
 */
const TICKETS_SQL = `
  SELECT t.id, t.ticket_number AS "ticketNumber", t.subject, t.body, t.from_name AS "fromName",
         t.from_email AS "fromEmail", t.status, t.priority, t.assigned_to AS "assignedToId",
         a.email AS "assignedToEmail", ${nameSql('a')} AS "assignedToName", ${isoSql('t.assigned_at')} AS "assignedAt",
         w.email AS "lastUpdatedByEmail", ${isoSql('t.created_at')} AS "createdAt", ${isoSql('t.updated_at')} AS "updatedAt",
         ${isoSql('t.closed_at')} AS "closedAt", t.time_spent::float8 AS "timeSpent",
         t.harvest_time_entry_id::float8 AS "harvestTimeEntryId", ${isoSql('t.original_email_date')} AS "originalEmailDate",
         t.tags, t.custom_fields AS "customFields",
         t.notes AS "rawNotes", t.attachments AS "listedAttachments",
         (SELECT coalesce(json_agg(json_build_object(
                   'id', m.id, 'direction', m.direction, 'fromName', m.from_name, 'fromEmail', m.from_email,
                   'toEmail', m.to_email, 'subject', m.subject, 'body', m.body, 'status', m.status,
                   'error', m.error, 'authorEmail', au.email, 'messageId', m.message_id,
                   'inReplyTo', m.in_reply_to, 'references', m."references",
                   'sentAt', ${isoSql('m.sent_at')}, 'createdAt', ${isoSql('m.created_at')})
                 ORDER BY m.created_at, m.id), '[]'::json)
            FROM ticket_messages m LEFT JOIN users au ON au.id = m.author_id
           WHERE m.ticket_id = t.id) AS messages,
         (SELECT coalesce(json_agg(json_build_object(
                   'id', f.id, 'messageId', f.message_id, 'filename', f.filename,
                   'contentType', f.content_type, 'size', f.size, 'kept', f.kept,
                   'stored', f.content IS NOT NULL)
                 ORDER BY f.created_at, f.id), '[]'::json)
            FROM message_attachments f WHERE f.ticket_id = t.id) AS files
    FROM tickets t
    LEFT JOIN users a ON a.id = t.assigned_to
    LEFT JOIN users w ON w.id = t.last_updated_by
   ORDER BY t.created_at, t.id`;

/** The custom fields (issue 38), by position: the active ones are columns of tickets.csv. */
const TICKET_FIELDS_SQL = `
  SELECT id, key, label, type, options, required_to_close AS "requiredToClose", portal, active, position,
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM ticket_fields ORDER BY position, key`;

async function activeTicketFields(client: pg.ClientBase): Promise<TicketField[]> {
  const { rows } = await client.query<TicketFieldRow>(TICKET_FIELDS_SQL);
  return activeFields(rows.map(toTicketField));
}

interface TicketFile {
  id: string;
  messageId: string | null;
  filename: string;
  contentType: string;
  size: number;
  kept: boolean;
  stored: boolean;
}

interface TicketMessage {
  id: string;
  [field: string]: unknown;
}

async function exportTickets(
  client: pg.ClientBase,
  dir: string,
  total: number,
  progress: Progress,
  counts: Counts,
) {
  const jsonl = openJsonl(path.join(dir, 'tickets.jsonl'));
  // After the columns below, one per active custom field headed by its label (issue 38).
  const fields = await activeTicketFields(client);
  const tickets = openCsv(path.join(dir, 'tickets.csv'), [
    ...names(TICKET_COLUMNS),
    ...fields.map((field) => field.label),
  ]);
  const notes = openCsv(path.join(dir, 'notes.csv'), names(NOTE_COLUMNS));
  const messages = openCsv(path.join(dir, 'messages.csv'), names(MESSAGE_COLUMNS));
  const attachments = openCsv(path.join(dir, 'attachments.csv'), names(ATTACHMENT_COLUMNS));
  await forEachBatch<Row>(client, TICKETS_SQL, TICKET_BATCH, async (rows) => {
    const ticketRows: Row[] = [];
    const noteRows: (string | number | null)[][] = [];
    const messageRows: (string | number | null)[][] = [];
    const fileRows: (string | number | null)[][] = [];
    const records = rows.map((row) => {
      const {
        rawNotes,
        listedAttachments,
        messages: conversation,
        files: ticketFiles,
        assignedToName,
        ...ticket
      } = row;
      // Legacy plain-text notes get the times the app shows them with (their ticket's last change).
      const entries: NoteEntry[] = parseNotes(rawNotes as string | null, new Date(String(ticket.updatedAt)));
      const files = (ticketFiles as TicketFile[]).map(({ stored, ...file }) => ({
        ...file,
        file: file.kept && stored ? attachmentPath(file.id, file.filename) : null,
      }));
      const thread = (conversation as TicketMessage[]).map((message) => ({
        ...message,
        files: files.filter((file) => file.messageId === message.id),
      }));
      const flat = {
        ...ticket,
        noteCount: entries.length,
        messageCount: thread.length,
        fileCount: files.length,
        tags: (ticket.tags as string[]).join(', '),
      };
      ticketRows.push(flat);
      entries.forEach((entry, index) =>
        noteRows.push(
          cells(NOTE_COLUMNS, {
            ...entry,
            ticketId: ticket.id,
            ticketNumber: ticket.ticketNumber,
            position: index + 1,
          }),
        ),
      );
      for (const message of thread) {
        messageRows.push(
          cells(MESSAGE_COLUMNS, { ...message, ticketId: ticket.id, ticketNumber: ticket.ticketNumber }),
        );
      }
      for (const file of files) {
        fileRows.push(
          cells(ATTACHMENT_COLUMNS, {
            ...file,
            kept: String(file.kept),
            ticketId: ticket.id,
            ticketNumber: ticket.ticketNumber,
          }),
        );
      }
      counts.notes += entries.length;
      counts.messages += thread.length;
      counts.attachments += files.length;
      return {
        ...ticket,
        assignedTo: ticket.assignedToId
          ? { id: ticket.assignedToId, email: ticket.assignedToEmail, name: assignedToName }
          : null,
        notes: entries.map(({ userInitials: _initials, ...entry }) => entry),
        messages: thread,
        // The files of the email that opened the ticket; those of later emails are under their message.
        files: files.filter((file) => file.messageId === null),
        listedAttachments,
      };
    });
    await jsonl.rows(records);
    await tickets.rows(
      ticketRows.map((row) => [
        ...cells(TICKET_COLUMNS, row),
        ...customFieldCells(fields, row.customFields as CustomFieldValues),
      ]),
    );
    await notes.rows(noteRows);
    await messages.rows(messageRows);
    await attachments.rows(fileRows);
    counts.tickets += rows.length;
    progress.rows('tickets', counts.tickets, total);
  });
  await Promise.all([jsonl.close(), tickets.close(), notes.close(), messages.close(), attachments.close()]);
  progress.tableDone('tickets', counts.tickets);
}

/** The kept files of emails, one at a time (each may be megabytes). */
async function exportAttachmentFiles(
  client: pg.ClientBase,
  dir: string,
  progress: Progress,
): Promise<number> {
  fs.mkdirSync(path.join(dir, 'attachments'), { mode: 0o700 });
  let count = 0;
  await forEachBatch<{ id: string; filename: string; content: Buffer }>(
    client,
    'SELECT id, filename, content FROM message_attachments WHERE kept AND content IS NOT NULL ORDER BY created_at, id',
    1,
    async (rows) => {
      for (const row of rows) {
        await fs.promises.writeFile(path.join(dir, attachmentPath(row.id, row.filename)), row.content, {
          flag: 'wx',
          mode: 0o600,
        });
        count++;
      }
      progress.rows('attachments', count);
    },
  );
  progress.tableDone('attachment files', count);
  return count;
}

/**
 * Writes the export into `dir`, which must not exist or be empty. The caller owns the connection.
 */
export async function exportData(
  client: pg.ClientBase,
  dir: string,
  options: { progress?: Progress; source?: string } = {},
): Promise<ExportSummary> {
  const progress = options.progress ?? silentProgress;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty: export into a new folder`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const counts: Counts = {
    users: 0,
    tickets: 0,
    notes: 0,
    messages: 0,
    attachments: 0,
    files: 0,
    timeEntries: 0,
    loans: 0,
  };
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets');
    const exportedAt = new Date().toISOString();
    counts.users = await exportFlat(client, dir, 'users', USER_COLUMNS, USERS_SQL, progress);
    await exportTickets(client, dir, rows[0]!.n, progress, counts);
    counts.files = await exportAttachmentFiles(client, dir, progress);
    counts.timeEntries = await exportFlat(
      client,
      dir,
      'time-entries',
      TIME_ENTRY_COLUMNS,
      TIME_ENTRIES_SQL,
      progress,
    );
    counts.loans = await exportFlat(client, dir, 'loans', LOAN_COLUMNS, LOANS_SQL, progress);
    await client.query('COMMIT');
    await writeExportReadme(dir, { exportedAt, counts, source: options.source });
    return { dir, counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
