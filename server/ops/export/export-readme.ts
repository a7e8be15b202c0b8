/** The README.md of an export: what each file holds and what every column means (export-columns.ts). */
import fs from 'node:fs';
import path from 'node:path';
import {
  ATTACHMENT_COLUMNS,
  LOAN_COLUMNS,
  MESSAGE_COLUMNS,
  NOTE_COLUMNS,
  TICKET_COLUMNS,
  TIME_ENTRY_COLUMNS,
  USER_COLUMNS,
  type ColumnSpec,
} from './export-columns';

function table(columns: readonly ColumnSpec[]): string {
  return [
    '| column | meaning |',
    '| --- | --- |',
    ...columns.map((c) => `| \`${c.name}\` | ${c.about} |`),
  ].join('\n');
}

export function exportReadme(info: {
  exportedAt: string;
  counts: Record<string, number>;
  source?: string;
}): string {
  const n = (key: string) => (info.counts[key] ?? 0).toLocaleString('en-US');
  return `# Help desk export

Exported ${info.exportedAt}${info.source ? ` from ${info.source}` : ''}, all files from one consistent
snapshot of the database: ${n('tickets')} tickets with ${n('notes')} notes, ${n('messages')} email
messages and ${n('attachments')} files (${n('files')} with their content), ${n('timeEntries')} time
entries, ${n('loans')} loans and ${n('users')} accounts.

## Formats

- **JSON Lines** (\`.jsonl\`): one JSON object per line, UTF-8. Missing values are \`null\`.
- **CSV** (\`.csv\`): RFC 4180, comma-separated, CRLF line ends, UTF-8 with a byte order mark (so
  spreadsheets read accents). A field with a comma, quote or line break is quoted, quotes doubled.
  Missing values are empty. A text cell that starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage
  return gets a leading \`'\` so a spreadsheet shows it as text instead of running it as a formula;
  remove that quote if you load the file into anything other than a spreadsheet.
- Instants are ISO 8601 in UTC with milliseconds (\`2026-11-25T09:01:18.123Z\`), days \`YYYY-MM-DD\`,
  hours decimal numbers. Ids are UUIDs; columns ending in \`Id\` refer to the \`id\` of another file.

## Files

| file | what |
| --- | --- |
| \`tickets.jsonl\` | one ticket per line, everything about it nested (below) |
| \`tickets.csv\` | one ticket per row |
| \`notes.csv\` | the tickets' internal notes, one per row |
| \`messages.csv\` | the tickets' email conversation after the opening email: received emails and agents' replies |
| \`attachments.csv\` | the files of those emails (and of the opening email), one per row |
| \`attachments/\` | the content of each kept file, named \`<file id>-<file name>\` |
| \`time-entries.jsonl\`, \`time-entries.csv\` | logged time, one entry per line or row |
| \`loans.jsonl\`, \`loans.csv\` | loaner equipment checkouts |
| \`users.jsonl\`, \`users.csv\` | the accounts the other files refer to (no passwords) |

In each pair of \`.jsonl\` and \`.csv\` files the fields are the same.

## tickets.jsonl

Each line holds the columns of \`tickets.csv\` below (except the three counts and the custom field
columns), and:

- \`assignedTo\`: \`{id, email, name}\` of the assigned agent, or \`null\`;
- \`tags\`: its tags, lower-case;
- \`customFields\`: its custom field values by field key, as stored (an option's value, \`true\`/\`false\`,
  a list for a multi-select), for every field it has a value for, active or not;
- \`notes\`: the internal notes, oldest first, each \`{text, userId, userName, timestamp}\` as in \`notes.csv\`;
- \`messages\`: the conversation after the opening email, oldest first, each with the columns of
  \`messages.csv\` plus \`references\` (the Message-IDs of the thread) and \`files\` (its files, as in
  \`attachments.csv\`);
- \`files\`: the files of the opening email, as in \`attachments.csv\`;
- \`listedAttachments\`: attachment names, types and sizes recorded with the ticket when it was created
  through the API (no content).

The opening email itself is the ticket: \`subject\`, \`body\`, \`fromName\`, \`fromEmail\`, \`originalEmailDate\`.

## tickets.csv

${table(TICKET_COLUMNS)}

Then one column per active custom field, in the fields' order, headed by the field's label: the
ticket's value as the app shows it (an option's label, Yes or No, several labels comma-separated),
empty when it has none.

## notes.csv

${table(NOTE_COLUMNS)}

## messages.csv

${table(MESSAGE_COLUMNS)}

## attachments.csv

${table(ATTACHMENT_COLUMNS)}

## time-entries.jsonl, time-entries.csv

${table(TIME_ENTRY_COLUMNS)}

## loans.jsonl, loans.csv

${table(LOAN_COLUMNS)}

## users.jsonl, users.csv

${table(USER_COLUMNS)}
`;
}

export async function writeExportReadme(
  dir: string,
  info: Parameters<typeof exportReadme>[0],
): Promise<void> {
  await fs.promises.writeFile(path.join(dir, 'README.md'), exportReadme(info), { mode: 0o600 });
}
