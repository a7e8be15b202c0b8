/**
 * The columns of each export file, each with what it means: the writers and the export's README.md
 * are both made from these lists, so the description can never drift from the files.
 */
export interface ColumnSpec {
  name: string;
  about: string;
}

const col = (name: string, about: string): ColumnSpec => ({ name, about });
const INSTANT = 'ISO 8601 in UTC';

export const USER_COLUMNS = [
  col('id', 'the account id (UUID), as other files refer to it'),
  col('email', 'sign-in address'),
  col('firstName', 'first name'),
  col('lastName', 'last name'),
  col('role', 'admin or agent'),
  col('harvestUserId', 'the Harvest user their time is logged under, if matched'),
  col('createdAt', `when the account was made (${INSTANT})`),
  col('updatedAt', `last change (${INSTANT})`),
];

export const TICKET_COLUMNS = [
  col('id', 'the ticket id (UUID), as other files refer to it'),
  col('ticketNumber', 'the number people see, e.g. T-1700000000001'),
  col('subject', 'subject line'),
  col('body', 'the original message as received or typed (HTML included when the email had it)'),
  col('fromName', "requester's name"),
  col('fromEmail', "requester's address (replies go there)"),
  col('status', 'open, in_progress, closed or closed_with_harvest'),
  col('priority', 'low, medium or high'),
  col('assignedToId', 'the assigned agent (users.id), empty when unassigned'),
  col('assignedToEmail', "the assigned agent's address"),
  col('assignedAt', `when it was assigned (${INSTANT})`),
  col('lastUpdatedByEmail', 'who changed it last'),
  col('createdAt', `when it was opened (${INSTANT})`),
  col('updatedAt', `last change (${INSTANT})`),
  col('closedAt', `when it was closed (${INSTANT}), empty while open`),
  col('timeSpent', 'hours recorded when it was closed'),
  col('harvestTimeEntryId', 'the Harvest time entry of its closing, if pushed'),
  col('originalEmailDate', `the Date of the email that opened it (${INSTANT})`),
  col('noteCount', 'internal notes (notes.csv; `notes` in tickets.jsonl)'),
  col('messageCount', 'later emails and replies (messages.csv; `messages` in tickets.jsonl)'),
  col('fileCount', 'files of its emails (attachments.csv; `files` in tickets.jsonl)'),
  col('tags', 'its tags, comma-separated (a list in tickets.jsonl)'),
];

export const NOTE_COLUMNS = [
  col('ticketId', 'the ticket (tickets.id)'),
  col('ticketNumber', "the ticket's number"),
  col('position', '1 for the oldest note of the ticket, then 2, 3, …'),
  col('timestamp', `when it was written (${INSTANT})`),
  col('userId', 'the author (users.id); empty for notes from before authors were recorded'),
  col('userName', "the author's name as shown"),
  col('text', 'the note'),
];

export const MESSAGE_COLUMNS = [
  col('id', 'the message id (UUID)'),
  col('ticketId', 'the ticket (tickets.id)'),
  col('ticketNumber', "the ticket's number"),
  col('direction', "inbound (an email received) or outbound (an agent's reply)"),
  col('fromName', 'sender name'),
  col('fromEmail', 'sender address'),
  col('toEmail', 'recipient address'),
  col('subject', 'subject line'),
  col('body', 'the text'),
  col('status', 'received, queued, sending, sent or failed'),
  col('error', 'why a reply failed'),
  col('authorEmail', 'the agent who wrote a reply'),
  col('messageId', "the email's Message-ID"),
  col('inReplyTo', 'the Message-ID it answers'),
  col('sentAt', `when a reply went out (${INSTANT})`),
  col('createdAt', `when it was received or written (${INSTANT})`),
];

export const ATTACHMENT_COLUMNS = [
  col('id', 'the file id (UUID)'),
  col('ticketId', 'the ticket (tickets.id)'),
  col('ticketNumber', "the ticket's number"),
  col('messageId', 'the message it came with (messages.csv id); empty for the email that opened the ticket'),
  col('filename', 'the name it was sent with'),
  col('contentType', 'its MIME type'),
  col('size', 'bytes'),
  col('kept', 'false when it was over the size limits and only listed'),
  col('file', 'where its content is in this export (attachments/…), empty when not kept'),
];

export const TIME_ENTRY_COLUMNS = [
  col('id', 'the entry id (UUID)'),
  col('ticketId', 'the ticket it was logged on, empty for time not on a ticket'),
  col('ticketNumber', "the ticket's number"),
  col('userId', 'who logged it (users.id)'),
  col('userEmail', 'their address'),
  col('spentDate', 'the day the time was spent (YYYY-MM-DD)'),
  col('hours', 'hours, two decimals'),
  col('harvestProjectId', 'Harvest project'),
  col('harvestProjectName', "the project's name"),
  col('harvestTaskId', 'Harvest task'),
  col('harvestTaskName', "the task's name"),
  col('notes', 'the description sent to Harvest'),
  col('harvestTimeEntryId', "Harvest's id for it, once pushed"),
  col('syncStatus', 'local, pending, synced or failed (the push to Harvest)'),
  col('lastSyncError', 'why the last push failed'),
  col('createdAt', `when it was logged (${INSTANT})`),
  col('updatedAt', `last change (${INSTANT})`),
];

export const LOAN_COLUMNS = [
  col('id', 'the loan id (UUID)'),
  col('productType', 'what was lent (laptop, monitor, …)'),
  col('personName', 'who has it'),
  col('phone', 'their phone'),
  col('officeNumber', 'their office'),
  col('checkoutDate', 'handed out on (YYYY-MM-DD)'),
  col('expectedReturnDate', 'due back on (YYYY-MM-DD)'),
  col('actualReturnDate', 'returned on (YYYY-MM-DD), empty while out'),
  col('isReturned', 'true once returned'),
  col('notes', 'notes'),
  col('createdByEmail', 'the agent who recorded the loan'),
  col('assignedToEmail', 'the agent looking after it'),
  col('createdAt', `when it was recorded (${INSTANT})`),
  col('updatedAt', `last change (${INSTANT})`),
];

export const names = (columns: readonly ColumnSpec[]) => columns.map((column) => column.name);
