import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_NOTE_SPACING_MS } from '@shared/constants';
import { parseNotes } from '@shared/notes';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => t.close());

const UNKNOWN_ID = '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f';
const addNote = (agent: typeof alice.agent, id: string, body: object) =>
  agent.post(`/api/tickets/${id}/notes`).send(body);

describe('POST /api/tickets/:id/notes', () => {
  it('when Bob adds a note, then 201 with the ticket and one entry written by him, at the update time', async () => {
    const created = await createTicket(alice.agent);
    const res = await addNote(bob.agent, created.id, { text: '  Called the user back  ' }).expect(201);
    const { ticket } = res.body;
    expect(ticket.lastUpdatedBy).toBe(bob.user.id);
    expect(JSON.parse(ticket.notes)).toEqual([
      {
        text: 'Called the user back',
        userId: bob.user.id,
        userName: 'Bob Baker',
        userInitials: 'BB',
        timestamp: ticket.updatedAt,
      },
    ]);
  });

  it('when a second note is added, then both are kept in order', async () => {
    const created = await createTicket(alice.agent);
    await addNote(alice.agent, created.id, { text: 'first' }).expect(201);
    const res = await addNote(bob.agent, created.id, { text: 'second' }).expect(201);
    const notes = parseNotes(res.body.ticket.notes);
    expect(notes.map((note) => [note.text, note.userName, note.userInitials])).toEqual([
      ['first', 'alice Archer', 'AA'],
      ['second', 'Bob Baker', 'BB'],
    ]);
  });

  it('when the ticket holds legacy text, then its parts become Legacy Notes before the new one', async () => {
    const created = await createTicket(alice.agent);
    await setTicketColumns(t.database.db, created.id, {
      notes: 'Printer restarted.\n\nToner replaced.\n\n\nStill jamming.',
      updatedAt: new Date('2026-03-01T10:00:00Z'),
    });
    const res = await addNote(alice.agent, created.id, { text: 'Ordered a new printer' }).expect(201);
    const notes = JSON.parse(res.body.ticket.notes);
    expect(notes).toHaveLength(4);
    expect(notes.slice(0, 3)).toEqual(
      ['Printer restarted.', 'Toner replaced.', 'Still jamming.'].map((text, index) => ({
        text,
        userId: null,
        userName: 'Legacy Note',
        userInitials: 'N',
        timestamp: new Date(
          Date.parse('2026-03-01T10:00:00Z') - (2 - index) * LEGACY_NOTE_SPACING_MS,
        ).toISOString(),
      })),
    );
    expect(notes[3]).toMatchObject({ text: 'Ordered a new printer', userId: alice.user.id });
  });

  it('when the writer has no name on record, then "Unknown User" with initials "N"', async () => {
    const nameless = await signedInAgent(t.app);
    await t.database.db.execute(
      sql`UPDATE users SET first_name = NULL, last_name = NULL WHERE id = ${nameless.user.id}`,
    );
    const created = await createTicket(alice.agent);
    const res = await addNote(nameless.agent, created.id, { text: 'hello' }).expect(201);
    expect(JSON.parse(res.body.ticket.notes)[0]).toMatchObject({
      userName: 'Unknown User',
      userInitials: 'N',
    });
  });

  it.each([
    ['blank text', { text: '   \n ' }, 'Note text is required'],
    ['no text', {}, 'Note text is required'],
    ['text that is not a string', { text: 42 }, undefined],
    ['a NUL character', { text: 'a\u0000b' }, 'Must not contain NUL characters'],
    ['text over 10000 characters', { text: 'x'.repeat(10_001) }, 'At most 10000 characters'],
  ])('when the body has %s, then 400 naming text and nothing is stored', async (_case, body, message) => {
    const created = await createTicket(alice.agent);
    const res = await addNote(alice.agent, created.id, body).expect(400);
    expect(res.body.fieldErrors).toHaveProperty('text');
    if (message) expect(res.body.fieldErrors.text).toContain(message);
    expect((await readTicketRow(t.database.db, created.id))?.notes).toBeNull();
  });

  it('when the ticket does not exist, then 404', async () => {
    await addNote(alice.agent, UNKNOWN_ID, { text: 'hello' }).expect(404);
  });

  it('when the id is malformed, then 400', async () => {
    await addNote(alice.agent, 'abc', { text: 'hello' }).expect(400);
  });

  it('when nobody is signed in, then 401', async () => {
    const created = await createTicket(alice.agent);
    await request(t.app).post(`/api/tickets/${created.id}/notes`).send({ text: 'x' }).expect(401);
  });
});
