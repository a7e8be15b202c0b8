import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { teamOrPersonalCollection } from './team-or-personal.service';

interface Row {
  id: string;
  scope: string;
  ownerId: string | null;
  name: string;
}

const messages = { notFound: 'Item not found', teamAdminsOnly: 'Only administrators may change team items' };
const admin = { id: 'a', role: 'admin' };
const agent = { id: 'g', role: 'agent' };
const db = {} as Database;

/** A collection over rows in memory; `findVisible` answers as the repositories do (the owner only). */
function collectionOf(rows: Row[]) {
  const writes = { insert: vi.fn(), update: vi.fn(), remove: vi.fn() };
  const collection = teamOrPersonalCollection({
    messages,
    repository: {
      findVisible: async (_db, id, userId) =>
        rows.find((row) => row.id === id && (row.ownerId === null || row.ownerId === userId)),
      remove: async (_db, id) => void writes.remove(id),
    },
    toItem: (row: Row) => row,
    list: async () => rows,
    insert: async (_db, input: { scope: 'team' | 'personal'; name: string }, ownerId) => {
      writes.insert(ownerId);
      return { id: 'new', ...input, ownerId };
    },
    update: async (_db, current, input: { name: string }) => {
      writes.update(current.id);
      return { ...current, ...input };
    },
  });
  return { collection, writes };
}

const team: Row = { id: 't', scope: 'team', ownerId: null, name: 'Team' };
const samsOwn: Row = { id: 's', scope: 'personal', ownerId: 'sam', name: 'Mine' };

describe('teamOrPersonalCollection', () => {
  it('when an agent makes a team item, then 403 and nothing is written; an admin makes one without an owner', async () => {
    const { collection, writes } = collectionOf([]);
    await expect(collection.create(db, agent, { scope: 'team', name: 'x' })).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.teamAdminsOnly,
    });
    expect(writes.insert).not.toHaveBeenCalled();
    expect(await collection.create(db, admin, { scope: 'team', name: 'x' })).toMatchObject({ ownerId: null });
  });

  it('when anyone makes a personal item, then it is theirs', async () => {
    const { collection } = collectionOf([]);
    expect(await collection.create(db, agent, { scope: 'personal', name: 'x' })).toMatchObject({
      ownerId: agent.id,
    });
  });

  it('when an agent changes or deletes a team item, then 403; an admin may', async () => {
    const { collection, writes } = collectionOf([team]);
    await expect(collection.update(db, agent, 't', { name: 'y' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(collection.remove(db, agent, 't')).rejects.toMatchObject({ code: 'forbidden' });
    expect(writes.update).not.toHaveBeenCalled();
    expect(writes.remove).not.toHaveBeenCalled();
    expect(await collection.update(db, admin, 't', { name: 'y' })).toMatchObject({ name: 'y' });
    await collection.remove(db, admin, 't');
    expect(writes.remove).toHaveBeenCalledWith('t');
  });

  it("when anyone else (an admin too) reaches for someone's personal item, then 404", async () => {
    const { collection } = collectionOf([samsOwn]);
    for (const other of [agent, admin]) {
      await expect(collection.update(db, other, 's', { name: 'y' })).rejects.toMatchObject({
        code: 'not_found',
        message: messages.notFound,
      });
      await expect(collection.remove(db, other, 's')).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await collection.update(db, { id: 'sam', role: 'agent' }, 's', { name: 'y' })).toMatchObject({
      name: 'y',
    });
  });
});
