/**
 * Signed-in sessions kept in this process's memory, so that an authenticated request need not ask
 * PostgreSQL for its session and user every time: that statement cost the app about 0.35 ms of CPU and
 * PostgreSQL 0.2 ms on every request, a third of a poll (docs/performance.md, decision 100).
 *
 * Nothing kept may outlive a change. Triggers on `sessions` and `users` (migration 0024) announce every
 * change on the `auth_changes` channel when it commits, and every process listens
 * (server/db/notification-listener.ts), so a sign-out, a revoked session, a deactivated user or a new
 * role is seen by every process as soon as it is committed. While the listener is not listening (at
 * start, after a lost connection, behind a pooler that does not deliver) nothing is kept or answered
 * from memory: every request reads PostgreSQL, as without the cache.
 *
 * A read that raced a change (it started before the change committed, and its answer arrived after the
 * change was announced) is not kept: every announcement moves `generation` on, and a read is kept only
 * if none came between its start and its answer.
 */
import type pg from 'pg';
import { SESSION_CACHE_MAX_AGE_MS, SESSION_CACHE_MAX_ENTRIES } from '@shared/constants';
import type { OpenDatabase } from '../db/database';
import { listenForNotifications, type NotificationListener } from '../db/notification-listener';
import type { SessionUserRow } from '../features/users/user.mapper';

/** The channel migration 0024's triggers announce on. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

/** A session as its row holds it, with its user, as the store read them. */
export interface KeptSession<User> {
  /** The session's stored JSON, parsed afresh for each request (express-session changes it in place). */
  sessJson: string;
  user: User | undefined;
  /** When the session expires (ms since the epoch): after that it is not answered. */
  expiresAt: number;
}

interface Entry<User> extends KeptSession<User> {
  userId: string | undefined;
  keptAt: number;
}

export interface SessionCache<User = unknown> {
  /** The kept session, if it is still current; undefined means: read it from the database. */
  get(sid: string, now?: number): KeptSession<User> | undefined;
  /** Call before reading a session from the database, and hand the result to `keep`. */
  readStarted(): number;
  /** Keeps what a read started at `generation` found, unless something changed meanwhile. */
  keep(sid: string, generation: number, session: KeptSession<User>, userId: string | undefined): void;
  /** This process changed or ended the session: forget it now, before the announcement arrives. */
  forget(sid: string): void;
  readonly size: number;
  /** Whether announcements arrive, so that anything is kept at all. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

/**
 * The app's session cache for this database: one on a PostgreSQL server, none on the embedded database
 * (one process on one connection, whose round trip never leaves the process). The caller stops it.
 */
export function sessionCacheFor(database: OpenDatabase): SessionCache<SessionUserRow> | undefined {
  return database.mode === 'postgres' ? createSessionCache({ pool: database.pool }) : undefined;
}

export function createSessionCache<User>(options: {
  pool: pg.Pool;
  maxEntries?: number;
  maxAgeMs?: number;
}): SessionCache<User> {
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
  const entries = new Map<string, Entry<User>>();
  const sidsOfUser = new Map<string, Set<string>>();
  let generation = 0;

  const remove = (sid: string) => {
    const entry = entries.get(sid);
    if (!entry) return;
    entries.delete(sid);
    if (entry.userId) {
      const sids = sidsOfUser.get(entry.userId);
      sids?.delete(sid);
      if (sids?.size === 0) sidsOfUser.delete(entry.userId);
    }
  };

  const forgetEverything = () => {
    generation++;
    entries.clear();
    sidsOfUser.clear();
  };

  const listener: NotificationListener = listenForNotifications({
    pool: options.pool,
    channel: AUTH_CHANGES_CHANNEL,
    onNotification(payload) {
      generation++;
      if (payload.startsWith('s:')) remove(payload.slice(2));
      else if (payload.startsWith('u:')) {
        for (const sid of [...(sidsOfUser.get(payload.slice(2)) ?? [])]) remove(sid);
      } else forgetEverything();
    },
    // What was kept before may have changed while nobody listened.
    onListening: forgetEverything,
    onLost: forgetEverything,
  });

  return {
    get(sid, now = Date.now()) {
      if (!listener.listening) return undefined;
      const entry = entries.get(sid);
      if (!entry) return undefined;
      if (entry.expiresAt < now || now - entry.keptAt > maxAgeMs) {
        remove(sid);
        return undefined;
      }
      // The most recently used goes to the end, so the oldest is evicted first.
      entries.delete(sid);
      entries.set(sid, entry);
      return entry;
    },
    readStarted: () => generation,
    keep(sid, startedAt, session, userId) {
      if (!listener.listening || startedAt !== generation) return;
      remove(sid);
      entries.set(sid, { ...session, userId, keptAt: Date.now() });
      if (userId) {
        const sids = sidsOfUser.get(userId) ?? new Set<string>();
        sids.add(sid);
        sidsOfUser.set(userId, sids);
      }
      if (entries.size > maxEntries) remove(entries.keys().next().value!);
    },
    forget(sid) {
      generation++;
      remove(sid);
    },
    get size() {
      return entries.size;
    },
    get listening() {
      return listener.listening;
    },
    async stop() {
      await listener.stop();
      forgetEverything();
    },
  };
}
