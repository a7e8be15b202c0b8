/**
 * Signed-in sessions kept in this process's memory, so that an authenticated request need not ask
 * PostgreSQL for its session and user every time: that statement cost the app about 0.35 ms of CPU and
 * PostgreSQL 0.2 ms on every request, a third of a poll (docs/performance.md, docs/decisions/100-session-cache.md).
 *
 * Nothing kept may outlive a change. Triggers on `sessions` and `users` (migration 0024) announce every
 * change on the `auth_changes` channel when it commits, and every process listens
 * (server/db/notification-listener.ts), so a sign-out, a revoked session, a deactivated user or a new
 * role is seen by every process as soon as it is committed. While the listener is not listening (at
 * start, after a lost connection, behind a pooler that does not deliver, or while the process stalls
 * longer than the listener's lease) nothing is kept or answered from memory: every request reads
 * PostgreSQL, as without the cache.
 *
 * A read that raced a change (it started before the change committed, and its answer arrived after the
 * change was announced) is not kept: every announcement moves `generation` on, and a read is kept only
 * if none came between its start and its answer.
 *
 * "As soon as it is committed" is not yet "before the change's request is answered": a request sent to
 * another process right after the answer could still beat the announcement there. So a request that
 * changed a session or a user (the trigger tells its connection, server/db/auth-change-notices.ts) is
 * answered only once every listening process has confirmed that it forgot (`settle`): the writer
 * announces a barrier after its change and lists the listeners (pg_stat_activity); each one, hearing
 * the barrier, has heard the change before it (announcements arrive in commit order) and says so on
 * the writer's own channel. A listener that does not confirm is waited for until its lease has run out
 * (server/db/notification-listener.ts): by then it answers nothing from memory until it has heard
 * everything, so nothing is ever served stale after the answer, whatever became of that process.
 */
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import { SESSION_CACHE_MAX_AGE_MS, SESSION_CACHE_MAX_ENTRIES } from '@shared/constants';
import { authChangesThrough } from '../db/auth-change-notices';
import type { OpenDatabase } from '../db/database';
import {
  LISTEN_LEASE_MS,
  listenForNotifications,
  type NotificationListener,
} from '../db/notification-listener';
import type { SessionUserRow } from '../core/users/user.mapper';
import { logger } from '../lib/logger';

/** The channel migration 0024's triggers announce on. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

/** On AUTH_CHANGES_CHANNEL, `b:<writer's listener>:<id>`: confirm to the writer once heard. */
const BARRIER = 'b:';
/** On a writer's own channel, `a:<id>:<listener>`: that listener heard barrier `id`. */
const CONFIRMED = 'a:';
const LISTENER_NAME = new RegExp(`^${AUTH_CHANGES_CHANNEL}_[0-9a-f]+$`);

/**
 * Past a silent listener's lease, a little longer: the lease is measured by that process's clock and
 * the wait by this one's, which may run at slightly different rates on different machines.
 */
const LEASE_MARGIN_MS = 50;

/** Announces a barrier and, in the same statement (so after the change), lists who must confirm it. */
const ANNOUNCE_BARRIER = `
  SELECT pg_notify($1, $2) AS announced,
         array(SELECT application_name FROM pg_stat_activity
                WHERE datname = current_database() AND application_name LIKE $3) AS listeners`;

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
  /**
   * How many transactions of this process's pool have changed a session or a user so far; compare two
   * readings to see whether something in between did.
   */
  changesMadeHere(): number;
  /**
   * Resolves once every process has forgotten whatever changed before the call: each listening one
   * has confirmed it, or its lease has run out. Never rejects.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

interface Barrier {
  /** The listeners that must confirm: known once the barrier is announced. */
  listeners?: string[];
  confirmed: Set<string>;
  done(): void;
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

  const barriers = new Map<string, Barrier>();
  const doneIfConfirmed = (barrier: Barrier) => {
    if (barrier.listeners?.every((name) => barrier.confirmed.has(name))) barrier.done();
  };
  const confirm = (id: string, by: string) => {
    const barrier = barriers.get(id);
    barrier?.confirmed.add(by);
    if (barrier) doneIfConfirmed(barrier);
  };
  /** Everything announced before the barrier has been heard, so forgotten: tell its writer. */
  const heardBarrier = (barrier: string) => {
    const [writer = '', id = ''] = barrier.split(':');
    if (writer === listener.name) confirm(id, writer);
    else if (LISTENER_NAME.test(writer)) listener.notify(writer, `${CONFIRMED}${id}:${listener.name}`);
  };

  const listener: NotificationListener = listenForNotifications({
    pool: options.pool,
    channel: AUTH_CHANGES_CHANNEL,
    onNotification(payload) {
      if (payload.startsWith(BARRIER)) return heardBarrier(payload.slice(BARRIER.length));
      generation++;
      if (payload.startsWith('s:')) remove(payload.slice(2));
      else if (payload.startsWith('u:')) {
        for (const sid of [...(sidsOfUser.get(payload.slice(2)) ?? [])]) remove(sid);
      } else forgetEverything();
    },
    onMessage(payload) {
      if (!payload.startsWith(CONFIRMED)) return;
      const [id = '', by = ''] = payload.slice(CONFIRMED.length).split(':');
      confirm(id, by);
    },
    // What was kept before may have changed while nobody listened.
    onListening: forgetEverything,
    onLost: forgetEverything,
  });

  async function settle(): Promise<void> {
    const id = crypto.randomBytes(8).toString('hex');
    const barrier: Barrier = { confirmed: new Set(), done: () => undefined };
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<boolean>((resolve) => {
      barrier.done = () => resolve(true);
      // A listener that never confirms stops answering from memory once its lease runs out: the lease
      // counts from a probe it sent before the change, so before now.
      timer = setTimeout(() => resolve(false), LISTEN_LEASE_MS + LEASE_MARGIN_MS);
    });
    barriers.set(id, barrier);
    try {
      const { rows } = await options.pool.query<{ listeners: string[] }>(ANNOUNCE_BARRIER, [
        AUTH_CHANGES_CHANNEL,
        `${BARRIER}${listener.name}:${id}`,
        `${AUTH_CHANGES_CHANNEL}\\_%`,
      ]);
      barrier.listeners = rows[0]?.listeners ?? [];
      doneIfConfirmed(barrier);
    } catch {
      // Nobody can tell who heard what: the lease decides.
    }
    const inTime = await confirmed;
    clearTimeout(timer);
    barriers.delete(id);
    if (!inTime) {
      const silent = barrier.listeners?.filter((name) => !barrier.confirmed.has(name));
      logger.warn('a change was answered only once the session lease ran out', {
        silent: silent ?? 'the barrier could not be announced',
      });
    }
  }

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
    changesMadeHere: () => authChangesThrough(options.pool),
    settle,
    async stop() {
      await listener.stop();
      forgetEverything();
    },
  };
}

type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

/**
 * Holds back the answer of a request that changed a session or a user (or ran beside one in this
 * process, which costs it the same short wait) until every process has forgotten what it kept: from
 * the answer on, no process serves the old session, user or role. Mounted before the session
 * middleware, so that a session it saves at the end counts too.
 */
export function answerOnceForgotten(cache: SessionCache<unknown>) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const before = cache.changesMadeHere();
    const end = res.end as End;
    const endOnceForgotten: End = (chunk, encoding, callback) => {
      if (cache.changesMadeHere() === before) return end.call(res, chunk, encoding, callback);
      void cache.settle().then(() => end.call(res, chunk, encoding, callback));
      return res;
    };
    res.end = endOnceForgotten as Response['end'];
    next();
  };
}
