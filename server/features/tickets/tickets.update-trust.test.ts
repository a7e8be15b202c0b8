/**
 * PUT /api/tickets/:id trusts no sender ("Trust no sender", item 5): notes only append, new notes are
 * the caller's own and written now, closedAt lies between creation and now, assignedAt within minutes
 * of now and not before creation (issue 34), harvestTimeEntryId is one of the ticket's own time
 * entries, and lastUpdatedBy is always the caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_NOTE_SPACING_MS } from '@shared/constants';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { parseNotes, type NoteEntry } from '@shared/notes';
import { timeEntries } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let admin: Signed;
let alice: Signed;
let bob: Signed;
let mallory: Signed;

beforeAll(async () => {
  t = await createTestApp();
  // The account whose signature Mallory forges (the first account, so the admin when roles apply).
  admin = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
  alice = await signedInAgent(t.app, { firstName: 'alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
  mallory = await signedInAgent(t.app, { firstName: 'Mallory', lastName: 'Moss' });
});
afterAll(() => t.close());

const put = (who: Signed, id: string, body: object) => who.agent.put(`/api/tickets/${id}`).send(body);
const addNote = (who: Signed, id: string, text: string) =>
  who.agent.post(`/api/tickets/${id}/notes`).send({ text }).expect(201);

const MINUTE = 60_000;
const nowIso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

/** An entry as the caller's client writes it: their own id, name and initials, timed now. */
const ownEntry = (who: Signed, text: string, timestamp = nowIso()): NoteEntry => ({
  text,
  userId: who.user.id,
  userName: `${who.input.firstName} ${who.input.lastName}`,
  userInitials: `${who.input.firstName[0]}${who.input.lastName[0]}`.toUpperCase(),
  timestamp,
});

/** A ticket with notes by Alice and Bob and the requester's emailed reply (userId null). */
async function ticketWithHistory() {
  const created = await createTicket(alice.agent);
  await addNote(alice, created.id, 'Asked for the printer model');
  await addNote(bob, created.id, 'Ordered a fuser');
  const row = await readTicketRow(t.database.db, created.id);
  const reply: NoteEntry = {
    text: 'It is an HP LaserJet 4250',
    userId: null,
    userName: 'Jordan Lee',
    userInitials: 'JL',
    timestamp: nowIso(),
  };
  await setTicketColumns(t.database.db, created.id, {
    notes: JSON.stringify([...parseNotes(row!.notes), reply]),
  });
  const stored = (await readTicketRow(t.database.db, created.id))!;
  return { id: created.id, notes: stored.notes!, entries: parseNotes(stored.notes), row: stored };
}

/** The ticket's notes and update stamp are exactly as before the refused request. */
async function expectUnchanged(id: string, before: { notes: string | null; updatedAt: Date }) {
  const after = await readTicketRow(t.database.db, id);
  expect(after?.notes).toBe(before.notes);
  expect(after?.updatedAt).toEqual(before.updatedAt);
}

describe('PUT notes: existing entries come back unchanged and in order', () => {
  it('when an agent replaces every note with one forged, admin-signed, backdated entry, then 403 naming notes and nothing changes', async () => {
    const { id, row } = await ticketWithHistory();
    const forged = {
      text: 'Approved refund of 5000 EUR',
      userId: admin.user.id,
      userName: 'Grace Hopper',
      userInitials: 'GH',
      timestamp: '2026-01-05T09:00:00.000Z',
    };
    const res = await put(mallory, id, { notes: JSON.stringify([forged]) }).expect(403);
    expect(res.body.fieldErrors).toEqual({
      notes: [
        'Existing notes cannot be changed, removed or reordered; send them back as they are and add new notes after them',
      ],
    });
    expect(res.body.message).toMatch(/^Notes/);
    await expectUnchanged(id, row);
  });

  it('when the existing entries are reordered, then 403 and nothing changes', async () => {
    const { id, entries, row } = await ticketWithHistory();
    const reordered = [entries[1], entries[0], entries[2]];
    await put(alice, id, { notes: JSON.stringify(reordered) }).expect(403);
    await expectUnchanged(id, row);
  });

  it('when an existing entry’s text is edited, even by its author, then 403 and nothing changes', async () => {
    const { id, entries, row } = await ticketWithHistory();
    const edited = entries.map((entry, i) => (i === 0 ? { ...entry, text: 'Never asked anything' } : entry));
    await put(alice, id, { notes: JSON.stringify(edited) }).expect(403);
    await expectUnchanged(id, row);
  });

  it('when an existing entry’s timestamp is moved by a millisecond, then 403', async () => {
    const { id, entries, row } = await ticketWithHistory();
    const moved = entries.map((entry, i) =>
      i === 1 ? { ...entry, timestamp: new Date(Date.parse(entry.timestamp) + 1).toISOString() } : entry,
    );
    await put(bob, id, { notes: JSON.stringify(moved) }).expect(403);
    await expectUnchanged(id, row);
  });

  it('when the last entry is dropped, then 403', async () => {
    const { id, entries, row } = await ticketWithHistory();
    await put(alice, id, { notes: JSON.stringify(entries.slice(0, -1)) }).expect(403);
    await expectUnchanged(id, row);
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['blank', '  '],
  ])(
    'when notes are %s while notes exist, then 403 (a removal) and nothing changes',
    async (_case, notes) => {
      const { id, row } = await ticketWithHistory();
      const res = await put(alice, id, { notes }).expect(403);
      expect(res.body.fieldErrors).toHaveProperty('notes');
      await expectUnchanged(id, row);
    },
  );

  it('when the notes are sent back byte for byte with another change, then 200 and the notes are untouched', async () => {
    const { id, notes } = await ticketWithHistory();
    const res = await put(alice, id, { notes, priority: 'high' }).expect(200);
    expect(res.body.ticket).toMatchObject({ notes, priority: 'high' });
  });

  it('when the notes are not a JSON list of entries, then 400 naming notes and nothing changes', async () => {
    const { id, row } = await ticketWithHistory();
    for (const notes of ['Swapped the drum.', '{"text":"x"}', '[{"text":"x"}]', '[1,2]']) {
      const res = await put(alice, id, { notes }).expect(400);
      expect(res.body.fieldErrors).toEqual({ notes: ['Notes must be a JSON list of note entries'] });
    }
    await expectUnchanged(id, row);
  });
});

describe('PUT notes: new entries are the caller’s own, written now', () => {
  it('when Alice appends an entry with her own id, name and initials, timed now, then 200 and it is stored after the others', async () => {
    const { id, entries } = await ticketWithHistory();
    const sent = ownEntry(alice, '  Fuser fitted, printing fine  ', nowIso(-30_000));
    const res = await put(alice, id, { notes: JSON.stringify([...entries, sent]) }).expect(200);
    const { ticket } = res.body;
    expect(ticket.lastUpdatedBy).toBe(alice.user.id);
    const stored = JSON.parse(ticket.notes) as NoteEntry[];
    expect(stored.slice(0, entries.length)).toEqual(entries);
    // Stored as POST /notes stores it: text trimmed, timed at the server's time of the change.
    expect(stored[entries.length]).toEqual({
      text: 'Fuser fitted, printing fine',
      userId: alice.user.id,
      userName: 'alice Archer',
      userInitials: 'AA',
      timestamp: ticket.updatedAt,
    });
    expect(stored).toHaveLength(entries.length + 1);
    expect((await readTicketRow(t.database.db, id))?.notes).toBe(ticket.notes);
  });

  it('when a ticket without notes gets its first entry through PUT, then 200', async () => {
    const created = await createTicket(alice.agent);
    const res = await put(bob, created.id, {
      notes: JSON.stringify([ownEntry(bob, 'First look')]),
    }).expect(200);
    expect(parseNotes(res.body.ticket.notes)).toMatchObject([{ text: 'First look', userId: bob.user.id }]);
  });

  it.each([
    [
      'another user’s id, name and initials',
      (e: NoteEntry) => ({ ...e, userId: admin.user.id, userName: 'Grace Hopper', userInitials: 'GH' }),
    ],
    ['the caller’s id under another name', (e: NoteEntry) => ({ ...e, userName: 'Grace Hopper' })],
    ['the caller’s name under another id', (e: NoteEntry) => ({ ...e, userId: admin.user.id })],
    ['no user (as an emailed reply)', (e: NoteEntry) => ({ ...e, userId: null })],
  ])('when the new entry carries %s, then 403 naming notes and nothing changes', async (_case, forge) => {
    const { id, entries, row } = await ticketWithHistory();
    const forged = forge(ownEntry(mallory, 'Approved refund of 5000 EUR'));
    const res = await put(mallory, id, { notes: JSON.stringify([...entries, forged]) }).expect(403);
    expect(res.body.fieldErrors).toEqual({
      notes: ['New notes must carry your own user id, name and initials'],
    });
    await expectUnchanged(id, row);
  });

  it.each([
    ['an hour old', -60 * MINUTE],
    ['an hour ahead', 60 * MINUTE],
    [
      `more than ${TICKET_LIMITS.clockSkewMinutes} minutes old`,
      -(TICKET_LIMITS.clockSkewMinutes + 1) * MINUTE,
    ],
  ])(
    'when the new entry’s timestamp is %s, then 403 naming notes and nothing changes',
    async (_case, offset) => {
      const { id, entries, row } = await ticketWithHistory();
      const late = ownEntry(alice, 'Backdated', nowIso(offset));
      const res = await put(alice, id, { notes: JSON.stringify([...entries, late]) }).expect(403);
      expect(res.body.fieldErrors).toEqual({
        notes: [
          `New notes must be timestamped within ${TICKET_LIMITS.clockSkewMinutes} minutes of the server's time`,
        ],
      });
      await expectUnchanged(id, row);
    },
  );

  it('when the new entry’s timestamp is not a date, or its text is blank, then 400 naming notes', async () => {
    const { id, entries, row } = await ticketWithHistory();
    await put(alice, id, { notes: JSON.stringify([...entries, ownEntry(alice, 'x', 'yesterday')]) }).expect(
      400,
    );
    const blank = await put(alice, id, {
      notes: JSON.stringify([...entries, ownEntry(alice, ' \n ')]),
    }).expect(400);
    expect(blank.body.fieldErrors).toEqual({ notes: ['Note text is required'] });
    await expectUnchanged(id, row);
  });

  it('when the ticket holds legacy text, then a list starting with its parsed entries appends and stores the converted list', async () => {
    const created = await createTicket(alice.agent);
    await setTicketColumns(t.database.db, created.id, {
      notes: 'Printer restarted.\n\nToner replaced.',
      updatedAt: new Date('2026-03-01T10:00:00Z'),
    });
    // What the SPA reads: parseNotes with the ticket's updatedAt as the legacy base time.
    const { ticket } = (await alice.agent.get(`/api/tickets/${created.id}`).expect(200)).body;
    const legacy = parseNotes(ticket.notes, new Date(ticket.updatedAt));
    expect(legacy.map((entry) => [entry.userName, entry.timestamp])).toEqual([
      ['Legacy Note', new Date(Date.parse('2026-03-01T10:00:00Z') - LEGACY_NOTE_SPACING_MS).toISOString()],
      ['Legacy Note', '2026-03-01T10:00:00.000Z'],
    ]);
    const res = await put(alice, created.id, {
      notes: JSON.stringify([...legacy, ownEntry(alice, 'Replaced the drum')]),
    }).expect(200);
    const stored = JSON.parse(res.body.ticket.notes) as NoteEntry[];
    expect(stored.slice(0, 2)).toEqual(legacy);
    expect(stored[2]).toMatchObject({ text: 'Replaced the drum', userId: alice.user.id });
  });

  it('when the ticket holds legacy text, then the same text byte for byte is accepted and other legacy text is a 400', async () => {
    const created = await createTicket(alice.agent);
    const legacy = 'Printer restarted.\n\nToner replaced.';
    await setTicketColumns(t.database.db, created.id, { notes: legacy });
    await put(alice, created.id, { notes: legacy, priority: 'low' }).expect(200);
    expect((await readTicketRow(t.database.db, created.id))?.notes).toBe(legacy);
    const res = await put(alice, created.id, { notes: 'Printer restarted.' }).expect(400);
    expect(res.body.fieldErrors).toHaveProperty('notes');
    await put(alice, created.id, { notes: null }).expect(403);
    expect((await readTicketRow(t.database.db, created.id))?.notes).toBe(legacy);
  });
});

describe('PUT closedAt: between the ticket’s creation and now', () => {
  it.each([
    [
      '1900-01-01, before the ticket was created',
      '1900-01-01T00:00:00Z',
      'A ticket cannot be closed before it was created',
    ],
    ['tomorrow', () => nowIso(24 * 60 * MINUTE), 'A ticket cannot be closed in the future'],
  ])(
    'when closedAt is %s, then 400 naming closedAt and nothing changes',
    async (_case, closedAt, message) => {
      const created = await createTicket(alice.agent);
      const before = (await readTicketRow(t.database.db, created.id))!;
      const value = typeof closedAt === 'function' ? closedAt() : closedAt;
      const res = await put(mallory, created.id, { status: 'closed', closedAt: value }).expect(400);
      expect(res.body.fieldErrors).toEqual({ closedAt: [message] });
      expect(await readTicketRow(t.database.db, created.id)).toMatchObject({
        status: 'open',
        closedAt: null,
        updatedAt: before.updatedAt,
      });
    },
  );

  it('when closedAt lies between creation and now, then it is stored', async () => {
    const created = await createTicket(alice.agent);
    const closedAt = new Date(Date.parse(created.createdAt) + 1).toISOString();
    const res = await put(alice, created.id, { status: 'closed', closedAt }).expect(200);
    expect(res.body.ticket.closedAt).toBe(closedAt);
  });
});

describe('PUT assignedAt: within minutes of the server’s time, never before creation', () => {
  const skew = TICKET_LIMITS.clockSkewMinutes;
  const notCurrent = `The assignment time must be within ${skew} minutes of the server's time`;

  it.each([
    ['9999-12-31, far in the future', () => '9999-12-31T00:00:00Z', notCurrent],
    [`more than ${skew} minutes ahead`, () => nowIso((skew + 1) * MINUTE), notCurrent],
    [`more than ${skew} minutes old`, () => nowIso(-(skew + 1) * MINUTE), notCurrent],
    [
      '1900-01-01, before the ticket was created',
      () => '1900-01-01T00:00:00Z',
      'A ticket cannot be assigned before it was created',
    ],
  ])(
    'when an agent assigns with assignedAt %s, then 400 naming assignedAt and nothing changes',
    async (_case, assignedAt, message) => {
      const created = await createTicket(alice.agent);
      // Created an hour ago, so a time minutes old is refused for its age, not for preceding creation.
      await setTicketColumns(t.database.db, created.id, { createdAt: new Date(Date.now() - 60 * MINUTE) });
      const before = (await readTicketRow(t.database.db, created.id))!;
      const res = await put(mallory, created.id, {
        assignedTo: mallory.user.id,
        assignedAt: assignedAt(),
      }).expect(400);
      expect(res.body.fieldErrors).toEqual({ assignedAt: [message] });
      expect(res.body.message).toBe(`Assigned at: ${message}`);
      expect(await readTicketRow(t.database.db, created.id)).toMatchObject({
        assignedTo: null,
        assignedAt: null,
        updatedAt: before.updatedAt,
      });
    },
  );

  it('when an assigned ticket’s assignedAt is moved to the far future, then 400 and it keeps its time', async () => {
    const created = await createTicket(alice.agent, { assignedTo: alice.user.id });
    const res = await put(mallory, created.id, { assignedAt: '9999-12-31T00:00:00Z' }).expect(400);
    expect(res.body.fieldErrors).toHaveProperty('assignedAt');
    expect((await readTicketRow(t.database.db, created.id))?.assignedAt?.toISOString()).toBe(
      created.assignedAt,
    );
  });

  it('when assignedAt is a minute old, then it is stored; a few seconds ahead is stored as the server’s time', async () => {
    const created = await createTicket(alice.agent);
    await setTicketColumns(t.database.db, created.id, { createdAt: new Date(Date.now() - 60 * MINUTE) });
    const minuteAgo = nowIso(-MINUTE);
    const past = await put(alice, created.id, { assignedTo: alice.user.id, assignedAt: minuteAgo }).expect(
      200,
    );
    expect(past.body.ticket.assignedAt).toBe(minuteAgo);
    const ahead = await put(alice, created.id, {
      assignedTo: bob.user.id,
      assignedAt: nowIso(MINUTE),
    }).expect(200);
    expect(ahead.body.ticket.assignedAt).toBe(ahead.body.ticket.updatedAt);
  });

  it('when the ticket’s current assignedAt is sent back with another change, then 200 and it is kept, however old', async () => {
    const created = await createTicket(alice.agent, { assignedTo: alice.user.id });
    const longAgo = new Date('2026-01-05T09:00:00.000Z');
    await setTicketColumns(t.database.db, created.id, { createdAt: longAgo, assignedAt: longAgo });
    const res = await put(alice, created.id, {
      assignedTo: alice.user.id,
      assignedAt: longAgo.toISOString(),
      priority: 'high',
    }).expect(200);
    expect(res.body.ticket).toMatchObject({ assignedAt: longAgo.toISOString(), priority: 'high' });
  });

  it('when POST or the bulk change carry assignedAt, then it is ignored and the server stamps the time', async () => {
    const created = await createTicket(mallory.agent, {
      assignedTo: mallory.user.id,
      assignedAt: '9999-12-31T00:00:00Z',
    });
    expect(created.assignedAt).toBe(created.createdAt);
    const other = await createTicket(alice.agent);
    await mallory.agent
      .patch('/api/tickets/bulk')
      .send({
        ticketIds: [other.id],
        updates: { assignedTo: mallory.user.id, assignedAt: '9999-12-31T00:00:00Z' },
      })
      .expect(200);
    const row = (await readTicketRow(t.database.db, other.id))!;
    expect(row.assignedAt).toEqual(row.updatedAt);
  });
});

describe('PUT harvestTimeEntryId: one of this ticket’s time entries', () => {
  let harvestIds = 700_000;
  async function withTimeEntry(ticketId: string): Promise<number> {
    harvestIds += 1;
    await t.database.db.insert(timeEntries).values({
      ticketId,
      harvestTimeEntryId: harvestIds,
      harvestProjectId: 1,
      harvestProjectName: 'Support',
      harvestTaskId: 1,
      harvestTaskName: 'Tickets',
      hours: 0.5,
      notes: 'Worked on it',
      spentDate: '2026-03-02',
      userId: alice.user.id,
      syncStatus: 'synced',
    });
    return harvestIds;
  }

  it('when it is the Harvest id of a time entry of this ticket, then it is stored; null clears it', async () => {
    const created = await createTicket(alice.agent);
    const own = await withTimeEntry(created.id);
    const linked = await put(alice, created.id, { harvestTimeEntryId: own }).expect(200);
    expect(linked.body.ticket.harvestTimeEntryId).toBe(own);
    // The current link is accepted as it is.
    await put(alice, created.id, { harvestTimeEntryId: own, priority: 'high' }).expect(200);
    const cleared = await put(alice, created.id, { harvestTimeEntryId: null }).expect(200);
    expect(cleared.body.ticket.harvestTimeEntryId).toBeNull();
  });

  it.each([
    ['another ticket’s time entry', async () => withTimeEntry((await createTicket(alice.agent)).id)],
    ['no time entry at all', () => Promise.resolve(987_654_321_012)],
  ])(
    'when it is the Harvest id of %s, then 400 naming harvestTimeEntryId and nothing changes',
    async (_case, harvestId) => {
      const created = await createTicket(alice.agent);
      await withTimeEntry(created.id);
      const res = await put(mallory, created.id, {
        harvestTimeEntryId: await harvestId(),
        priority: 'high',
      }).expect(400);
      expect(res.body.fieldErrors).toEqual({
        harvestTimeEntryId: ['Must be the Harvest id of a time entry recorded for this ticket'],
      });
      expect(await readTicketRow(t.database.db, created.id)).toMatchObject({
        harvestTimeEntryId: null,
        priority: 'medium',
      });
    },
  );
});

describe('PUT lastUpdatedBy: always the caller', () => {
  it('when the body names another user as lastUpdatedBy, then it is ignored and the caller recorded', async () => {
    const created = await createTicket(alice.agent);
    const res = await put(mallory, created.id, { priority: 'low', lastUpdatedBy: admin.user.id }).expect(200);
    expect(res.body.ticket.lastUpdatedBy).toBe(mallory.user.id);
    expect((await readTicketRow(t.database.db, created.id))?.lastUpdatedBy).toBe(mallory.user.id);
  });

  it('when lastUpdatedBy is all the body carries, then 400 (nothing to change) and the ticket is untouched', async () => {
    const created = await createTicket(alice.agent);
    await put(mallory, created.id, { lastUpdatedBy: admin.user.id }).expect(400);
    expect((await readTicketRow(t.database.db, created.id))?.lastUpdatedBy).toBe(alice.user.id);
  });
});

describe('PATCH /api/tickets/bulk takes only status and assignee', () => {
  it('when the updates carry notes and closedAt too, then those are ignored', async () => {
    const { id, notes } = await ticketWithHistory();
    const res = await mallory.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [id], updates: { status: 'closed', closedAt: '1900-01-01T00:00:00Z', notes: '[]' } })
      .expect(200);
    expect(res.body).toEqual({ updated: 1 });
    const row = (await readTicketRow(t.database.db, id))!;
    expect(row.notes).toBe(notes);
    expect(row.closedAt).toEqual(row.updatedAt);
    expect(row.lastUpdatedBy).toBe(mallory.user.id);
  });
});
