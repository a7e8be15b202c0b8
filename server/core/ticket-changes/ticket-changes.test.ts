import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ticketChanges, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { OpenDatabase } from '../../db/database';
import { openSecondPool, openTestDatabase } from '../../test/test-database';
import type { TicketChange } from './ticket-change';
import { afterTicketChangeCommit, onTicketChange, recordTicketChange } from './ticket-changes.service';

let database: OpenDatabase;
/** The app's check on (test databases turn it off for fixtures, test-database.ts). */
let checked: OpenDatabase;
const removers: (() => void)[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const [{ name }] = (await database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`))
    .rows as [{ name: string }];
  await database.pool.query(`ALTER DATABASE ${name} RESET helpdesk.unrecorded_ticket_write`);
  checked = await openSecondPool(database);
});

afterEach(() => {
  while (removers.length > 0) removers.pop()!();
});

afterAll(async () => {
  await checked.close();
  await database.close();
});

let counter = 0;
async function insertTicket(db: DbOrTx): Promise<string> {
  counter += 1;
  const [row] = await db
    .insert(tickets)
    .values({
      ticketNumber: `T-CHANGE-${counter}-${Date.now()}`,
      subject: 'Printer jams',
      body: 'It jams.',
      fromEmail: 'jordan@contoso.com',
      fromName: 'Jordan',
    })
    .returning({ id: tickets.id });
  return row!.id;
}

/** A ticket created through the path, on the checked connections. */
async function newTicket(): Promise<string> {
  return checked.db.transaction(async (tx) => {
    const id = await insertTicket(tx);
    await recordTicketChange(tx, {
      actor: { system: 'email' },
      channel: 'email',
      tickets: [{ ticketId: id, created: true }],
    });
    return id;
  });
}

/** The database's refusal, whether drizzle wrapped it ("Failed query: commit") or not. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return (cause ?? (error as Error)).message;
  }
  return 'not refused';
}

const statusChange = (ticketId: string): TicketChange => ({
  actor: { user: { id: crypto.randomUUID(), firstName: 'Ada', lastName: 'Lovelace' } },
  channel: 'web',
  tickets: [{ ticketId, status: { before: 'open', after: 'in_progress' } }],
});

describe('recordTicketChange', () => {
  it("when a ticket's status changes then one change is recorded with before and after, actor and channel", async () => {
    const id = await newTicket();
    const change = statusChange(id);
    // The actor must exist for the foreign key: the system actor keeps this test free of users.
    const bySystem: TicketChange = { ...change, actor: { system: 'sla' } };
    await checked.db.transaction(async (tx) => {
      await tx.update(tickets).set({ status: 'in_progress' }).where(eq(tickets.id, id));
      await recordTicketChange(tx, bySystem);
    });
    const rows = await checked.db
      .select()
      .from(ticketChanges)
      .where(sql`${id} = ANY(${ticketChanges.ticketIds})`)
      .orderBy(ticketChanges.createdAt);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      ticketIds: [id],
      actorId: null,
      actorSystem: 'sla',
      channel: 'web',
      changes: [{ ticketId: id, status: { before: 'open', after: 'in_progress' } }],
    });
  });

  it('when subscribers are registered then they run in that order, inside the transaction', async () => {
    const id = await newTicket();
    const seen: string[] = [];
    removers.push(
      onTicketChange('test-first', async (tx, change) => {
        if (change.tickets[0]?.ticketId !== id) return;
        const [row] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id));
        seen.push(`first saw ${row?.status}`);
      }),
      onTicketChange('test-second', async (_tx, change) => {
        if (change.tickets[0]?.ticketId === id) seen.push('second');
      }),
    );
    await checked.db.transaction(async (tx) => {
      await tx.update(tickets).set({ status: 'in_progress' }).where(eq(tickets.id, id));
      await recordTicketChange(tx, { ...statusChange(id), actor: { system: 'sla' } });
      seen.push('writer goes on');
    });
    expect(seen).toEqual(['first saw in_progress', 'second', 'writer goes on']);
  });

  it('when a subscriber fails then the change and the write roll back', async () => {
    const id = await newTicket();
    removers.push(
      onTicketChange('test-failing', async (_tx, change) => {
        if (change.tickets[0]?.ticketId === id) throw new Error('subscriber failed');
      }),
    );
    await expect(
      checked.db.transaction(async (tx) => {
        await tx.update(tickets).set({ status: 'in_progress' }).where(eq(tickets.id, id));
        await recordTicketChange(tx, { ...statusChange(id), actor: { system: 'sla' } });
      }),
    ).rejects.toThrow('subscriber failed');
    const [row] = await checked.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id));
    expect(row?.status).toBe('open');
    const [{ count }] = (
      await checked.db.execute<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM ${ticketChanges} WHERE ${id} = ANY(ticket_ids)`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  it('when a change commits then the after-commit subscribers run after it, and never after a rollback', async () => {
    const id = await newTicket();
    const heard: string[] = [];
    removers.push(
      afterTicketChangeCommit('test-after', (change) => {
        if (change.tickets[0]?.ticketId === id) heard.push(change.tickets[0].status?.after ?? '');
      }),
    );
    await checked.db.transaction(async (tx) => {
      await tx.update(tickets).set({ status: 'in_progress' }).where(eq(tickets.id, id));
      await recordTicketChange(tx, { ...statusChange(id), actor: { system: 'sla' } });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['in_progress']);

    await checked.db
      .transaction(async (tx) => {
        await recordTicketChange(tx, { ...statusChange(id), actor: { system: 'sla' } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(heard).toEqual(['in_progress']);
  });
});

describe('the check on writes to tickets (migration 0027)', () => {
  it('when a ticket is updated without a recorded change then the commit is refused', async () => {
    const id = await newTicket();
    await expect(
      checked.pool.query(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [id]),
    ).rejects.toThrow(/without a recorded change/);
    await expect(checked.pool.query(`DELETE FROM tickets WHERE id = $1`, [id])).rejects.toThrow(
      /without a recorded change/,
    );
    expect(await refusal(checked.db.transaction((tx) => insertTicket(tx)))).toMatch(
      /without a recorded change/,
    );
  });

  it("when a change records one ticket then another ticket's write in the transaction is still refused", async () => {
    const [one, other] = [await newTicket(), await newTicket()];
    const refused = await refusal(
      checked.db.transaction(async (tx) => {
        await tx.update(tickets).set({ priority: 'high' }).where(eq(tickets.id, other));
        await recordTicketChange(tx, { ...statusChange(one), actor: { system: 'sla' } });
      }),
    );
    expect(refused).toMatch(/without a recorded change/);
  });

  it('when only derived columns change (SLA, search backfill) then no change is needed', async () => {
    const id = await newTicket();
    await checked.pool.query(
      `UPDATE tickets SET sla_alert_at = now(), sla_resolution_met = true, search_text_pending = true,
         body_text = 'text' WHERE id = $1`,
      [id],
    );
  });
});
