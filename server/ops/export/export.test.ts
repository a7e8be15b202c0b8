/**
 * The export (npm run export): what each file holds, CSV quoting and formula neutralising, notes (JSON
 * and legacy text), the conversation with its files, and the README describing every column. In this
 * test mode's database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import {
  ATTACHMENT_COLUMNS,
  LOAN_COLUMNS,
  MESSAGE_COLUMNS,
  names,
  NOTE_COLUMNS,
  TICKET_COLUMNS,
  TIME_ENTRY_COLUMNS,
  USER_COLUMNS,
} from './export-columns';
import { exportData, type ExportSummary } from './export-data';

let database: OpenDatabase;
let scratch: string;
let dir: string;
let summary: ExportSummary;
const file = crypto.randomBytes(5_000);
const ids: Record<string, string> = {};

/** RFC 4180 records of a CSV file (after its byte order mark). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  return records;
}

/** A CSV file as objects keyed by its header. */
function csvObjects(name: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(dir, name), 'utf8'));
  return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
}

const jsonl = (name: string) =>
  fs
    .readFileSync(path.join(dir, name), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  database = await openTestDatabase();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-export-'));
  dir = path.join(scratch, 'export');
  const q = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    database.pool.query<T>(text, values).then((result) => result.rows);
  const [admin] = await q<{ id: string }>(
    `INSERT INTO users (email, password, first_name, last_name, role)
     VALUES ('alex@example.com', '$2b$04$secrethashsecrethashsecrethashsecrethashsecrethash', '=Alex', 'Morgan', 'admin')
     RETURNING id`,
  );
  ids.admin = admin!.id;
  const [t1] = await q<{ id: string }>(
    `INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, status, assigned_to, assigned_at,
                          created_at, notes)
     VALUES ('T-1', '=HYPERLINK("http://evil.example","click")', E'Line 1\\r\\nLine "2", with a comma',
             'jordan@contoso.com', '@Jordan', 'open', $1, '2026-11-02T10:00:00Z', '2026-11-01T09:00:00Z', $2)
     RETURNING id`,
    [
      ids.admin,
      JSON.stringify([
        {
          text: 'First, "quoted"',
          userId: ids.admin,
          userInitials: 'AM',
          userName: 'Alex Morgan',
          timestamp: '2026-11-01T10:00:00.000Z',
        },
        {
          text: '+ second',
          userId: ids.admin,
          userInitials: 'AM',
          userName: 'Alex Morgan',
          timestamp: '2026-11-01T11:00:00.000Z',
        },
      ]),
    ],
  );
  ids.t1 = t1!.id;
  const [t2] = await q<{ id: string }>(
    `INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, created_at, updated_at, notes)
     VALUES ('T-2', '-2 hours', 'Plain', 'dana@contoso.com', 'Dana', '2026-11-03T09:00:00Z', '2026-11-04T09:00:00Z',
             E'an old note\\n\\nanother old note') RETURNING id`,
  );
  ids.t2 = t2!.id;
  // Custom fields (issue 38): two active ones, out of position order, and an inactive one between.
  await q(
    `INSERT INTO ticket_fields (key, label, type, options, active, position) VALUES
       ('urgent', 'Urgent', 'checkbox', '[]', true, 2),
       ('retired', 'Retired', 'text', '[]', false, 1),
       ('category', 'Category', 'dropdown', '[{"value":"network","label":"Network, Wi-Fi","active":true}]', true, 0)`,
  );
  await q(
    `UPDATE tickets SET custom_fields = '{"category":"network","urgent":true,"retired":"kept"}', tags = '{vip}'
      WHERE id = $1`,
    [ids.t1],
  );
  const [message] = await q<{ id: string }>(
    `INSERT INTO ticket_messages (ticket_id, direction, from_name, from_email, to_email, subject, body, status,
                                  message_id, "references", created_at)
     VALUES ($1, 'inbound', 'Jordan', 'jordan@contoso.com', 'support@example.com', 'Re: click', 'Any news?',
             'received', 'm1@contoso.com', ARRAY['m0@contoso.com'], '2026-11-02T09:00:00Z') RETURNING id`,
    [ids.t1],
  );
  ids.message = message!.id;
  const [kept] = await q<{ id: string }>(
    `INSERT INTO message_attachments (ticket_id, message_id, filename, content_type, size, kept, content)
     VALUES ($1, $2, '../../etc/passwd log.txt', 'text/plain', $3, true, $4) RETURNING id`,
    [ids.t1, ids.message, file.length, file],
  );
  ids.kept = kept!.id;
  await q(
    `INSERT INTO message_attachments (ticket_id, message_id, filename, content_type, size, kept)
     VALUES ($1, NULL, 'huge.iso', 'application/octet-stream', 999999999, false)`,
    [ids.t1],
  );
  await q(
    `INSERT INTO time_entries (ticket_id, harvest_project_id, harvest_project_name, harvest_task_id, harvest_task_name,
                               hours, notes, spent_date, user_id)
     VALUES ($1, 3, 'Support', 1, 'Tickets', 1.25, '+1 call', '2026-11-02', $2)`,
    [ids.t1, ids.admin],
  );
  await q(
    `INSERT INTO loaner_equipment (product_type, person_name, phone, office_number, checkout_date,
                                   expected_return_date, notes, created_by)
     VALUES ('laptop', 'Chris Baker', '555-0101', '3.14', '2026-11-01', '2026-11-15', E'Charger\\nincluded', $1)`,
    [ids.admin],
  );
  const client = await database.pool.connect();
  try {
    summary = await exportData(client, dir);
  } finally {
    client.release();
  }
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the export', () => {
  it('when exported, then every file is there, private, with the counts', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        'README.md',
        'attachments',
        'attachments.csv',
        'loans.csv',
        'loans.jsonl',
        'messages.csv',
        'notes.csv',
        'tickets.csv',
        'tickets.jsonl',
        'time-entries.csv',
        'time-entries.jsonl',
        'users.csv',
        'users.jsonl',
      ].sort(),
    );
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'tickets.csv')).mode & 0o777).toBe(0o600);
    expect(summary.counts).toEqual({
      users: 1,
      tickets: 2,
      notes: 4,
      messages: 1,
      attachments: 2,
      files: 1,
      timeEntries: 1,
      loans: 1,
    });
  });

  it('when a text starts with = + - or @, then its CSV cell starts with a quote, and commas, quotes and line breaks are quoted; JSON keeps the text as it is', () => {
    const raw = fs.readFileSync(path.join(dir, 'tickets.csv'), 'utf8');
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const [first, second] = csvObjects('tickets.csv');
    expect(Object.keys(first!)).toEqual([...names(TICKET_COLUMNS), 'Category', 'Urgent']);
    expect(first).toMatchObject({
      ticketNumber: 'T-1',
      subject: `'=HYPERLINK("http://evil.example","click")`,
      body: 'Line 1\r\nLine "2", with a comma',
      fromName: "'@Jordan",
      assignedToEmail: 'alex@example.com',
      assignedAt: '2026-11-02T10:00:00.000Z',
      createdAt: '2026-11-01T09:00:00.000Z',
      noteCount: '2',
      messageCount: '1',
      fileCount: '2',
      tags: 'vip',
    });
    expect(second).toMatchObject({
      subject: "'-2 hours",
      noteCount: '2',
      assignedToEmail: '',
      tags: '',
    });
    expect(csvObjects('time-entries.csv')[0]).toMatchObject({
      hours: '1.25',
      notes: "'+1 call",
      ticketNumber: 'T-1',
    });
    expect(csvObjects('users.csv')[0]).toMatchObject({ firstName: "'=Alex", email: 'alex@example.com' });
    const [ticket] = jsonl('tickets.jsonl');
    expect(ticket).toMatchObject({
      subject: '=HYPERLINK("http://evil.example","click")',
      fromName: '@Jordan',
    });
  });

  it('when custom fields are defined, then tickets.csv has a column per active one after its own, by position, with the value as shown; tickets.jsonl keeps every value and the tags as stored', () => {
    const [first, second] = csvObjects('tickets.csv');
    expect(first).toMatchObject({ Category: 'Network, Wi-Fi', Urgent: 'Yes' });
    expect(first).not.toHaveProperty('Retired');
    expect(second).toMatchObject({ Category: '', Urgent: '' });
    const [ticket, other] = jsonl('tickets.jsonl');
    expect(ticket).toMatchObject({
      tags: ['vip'],
      customFields: { category: 'network', urgent: true, retired: 'kept' },
    });
    expect(other).toMatchObject({ tags: [], customFields: {} });
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('one column per active custom field');
  });

  it('when a ticket has notes (a JSON list, or legacy text), a conversation and files, then they are nested in tickets.jsonl and listed in notes.csv, messages.csv and attachments.csv, with the kept file written out', () => {
    const [first, second] = jsonl('tickets.jsonl');
    expect(first).toMatchObject({
      id: ids.t1,
      assignedTo: { id: ids.admin, email: 'alex@example.com', name: '=Alex Morgan' },
      notes: [
        {
          text: 'First, "quoted"',
          userId: ids.admin,
          userName: 'Alex Morgan',
          timestamp: '2026-11-01T10:00:00.000Z',
        },
        {
          text: '+ second',
          userId: ids.admin,
          userName: 'Alex Morgan',
          timestamp: '2026-11-01T11:00:00.000Z',
        },
      ],
      messages: [
        {
          id: ids.message,
          direction: 'inbound',
          body: 'Any news?',
          references: ['m0@contoso.com'],
          createdAt: '2026-11-02T09:00:00.000Z',
          files: [
            {
              id: ids.kept,
              filename: '../../etc/passwd log.txt',
              kept: true,
              file: `attachments/${ids.kept}-etc_passwd_log.txt`,
            },
          ],
        },
      ],
      files: [{ filename: 'huge.iso', kept: false, file: null, messageId: null }],
    });
    expect(second!.notes).toEqual([
      expect.objectContaining({ text: 'an old note', userId: null }),
      expect.objectContaining({ text: 'another old note', userId: null }),
    ]);
    expect(fs.readFileSync(path.join(dir, `attachments/${ids.kept}-etc_passwd_log.txt`))).toEqual(file);

    const notes = csvObjects('notes.csv');
    expect(Object.keys(notes[0]!)).toEqual(names(NOTE_COLUMNS));
    expect(notes.map((note) => [note.ticketNumber, note.position, note.text])).toEqual([
      ['T-1', '1', 'First, "quoted"'],
      ['T-1', '2', "'+ second"],
      ['T-2', '1', 'an old note'],
      ['T-2', '2', 'another old note'],
    ]);
    const [message] = csvObjects('messages.csv');
    expect(Object.keys(message!)).toEqual(names(MESSAGE_COLUMNS));
    expect(message).toMatchObject({ id: ids.message, ticketNumber: 'T-1', subject: 'Re: click' });
    const files = csvObjects('attachments.csv');
    expect(Object.keys(files[0]!)).toEqual(names(ATTACHMENT_COLUMNS));
    expect(files.map((row) => [row.filename, row.kept, row.file])).toEqual([
      ['../../etc/passwd log.txt', 'true', `attachments/${ids.kept}-etc_passwd_log.txt`],
      ['huge.iso', 'false', ''],
    ]);
    expect(jsonl('loans.jsonl')[0]).toMatchObject({
      notes: 'Charger\nincluded',
      createdByEmail: 'alex@example.com',
    });
    expect(Object.keys(csvObjects('loans.csv')[0]!)).toEqual(names(LOAN_COLUMNS));
  });

  it('when exported, then no password hash is in any file, and the README describes every file and column', () => {
    for (const name of fs.readdirSync(dir).filter((entry) => entry.includes('.'))) {
      expect(fs.readFileSync(path.join(dir, name), 'utf8')).not.toContain('secrethash');
    }
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const columns of [
      TICKET_COLUMNS,
      NOTE_COLUMNS,
      MESSAGE_COLUMNS,
      ATTACHMENT_COLUMNS,
      TIME_ENTRY_COLUMNS,
      LOAN_COLUMNS,
      USER_COLUMNS,
    ]) {
      for (const column of columns) expect(readme).toContain(`| \`${column.name}\` | ${column.about} |`);
    }
    for (const name of fs.readdirSync(dir).filter((entry) => entry !== 'README.md'))
      expect(readme).toContain(name);
  });

  it('when the folder is not empty, then the export is refused', async () => {
    const client = await database.pool.connect();
    try {
      await expect(exportData(client, dir)).rejects.toThrow('is not empty');
    } finally {
      client.release();
    }
  });
});
