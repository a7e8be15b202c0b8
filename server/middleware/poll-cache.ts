/**
 * A short-lived cache for the SPA's polls. Every open SPA asks for the same ticket list, stats, ticket
 * counts and team every 10–30 s; with hundreds of agents most of those requests ask the database the
 * same question within the same second. A poll says how old an answer it accepts with the standard
 * request directive `Cache-Control: max-age=N` (client/src/lib/api-client.ts sends it only for
 * background refetches, never for a first load or a refetch after the user's own change), and gets
 * an answer at most that old, never older than POLL_CACHE_MAX_AGE_SECONDS. Requests without the
 * directive always get a fresh answer, and refresh the cache for the polls after them.
 *
 * The cache sits after requireAuth, so it only ever serves a signed-in user who may see the route,
 * and it is keyed by the full URL: mount it only on routes whose answer is the same for every user who
 * may ask (docs/decisions/043-poll-cache.md), or whose caller's own part the `personalize` option adds per request.
 * Each process keeps its own. Entries are whole JSON bodies with their ETag and, once asked for, their
 * gzip encoding, so a hit costs no serialisation, hashing or compression, and an unchanged one is a
 * 304; a fresh answer that equals the kept one reuses its ETag and gzip too. A personalised route's
 * entries are the answers as the handler gave them, to which each request adds its caller's part.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { POLL_CACHE_MAX_AGE_SECONDS } from '@shared/constants';
import { COMPRESS_MIN_BYTES } from './compress-whole-answers';

/** A kept answer as its JSON text with its ETag: what is sent when nothing is added per request. */
interface JsonEntry {
  json: string;
  etag: string;
  storedAt: number;
  /** The body gzipped, made by the first hit that accepts it. */
  gzip?: Buffer;
}

/**
 * A personalised route's kept answer, as the handler gave it (`personalize` never changes it): neither
 * a miss nor a hit then costs serialising, hashing or parsing the shared part.
 */
interface BodyEntry {
  body: unknown;
  storedAt: number;
}

type Entry = JsonEntry | BodyEntry;

/** Distinct URLs kept (filter combinations, pages, searches); the oldest goes first. */
const MAX_ENTRIES = 500;

/** The age in milliseconds the request accepts (its `Cache-Control: max-age`), or undefined. */
export function acceptedAgeMs(cacheControl: string | undefined): number | undefined {
  if (!cacheControl) return undefined;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.includes('no-cache') || directives.includes('no-store')) return undefined;
  const maxAge = directives.find((directive) => directive.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : NaN;
  if (!Number.isInteger(seconds) || seconds <= 0) return undefined;
  return Math.min(seconds, POLL_CACHE_MAX_AGE_SECONDS) * 1000;
}

export interface PollCacheOptions {
  /**
   * Adds what is each caller's own to the shared answer the cache keeps (the ticket list's `unread`,
   * issue 26), on hits and misses alike: the expensive shared part is still computed once a second,
   * and only this, which must be cheap, runs per request. The result is sent as JSON with Express's
   * own ETag, so an unchanged answer is still a 304.
   */
  personalize?: (req: Request, body: unknown) => Promise<unknown>;
  /**
   * Which callers may share an answer (issue 39: those who may see the same private groups): the
   * answers are kept per audience and URL. Absent, or the same text for every caller, it is one
   * answer per URL, as before.
   */
  audience?: (req: Request) => Promise<string>;
}

/** Every cache of this process, by how to empty it (forgetPollAnswers). */
const liveCaches = new Set<() => void>();

/**
 * Drops every answer this process keeps and every computation under way (issue 35: after a ticket
 * change commits, server/ticket-change-subscribers.ts), so the next poll of the list, the stats or the
 * counts reads the change instead of an answer up to POLL_CACHE_MAX_AGE_SECONDS old. Other processes
 * keep theirs until they expire, as before.
 */
export function forgetPollAnswers(): void {
  for (const forget of liveCaches) forget();
}

export function pollCache(options: PollCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  /** Moves on at each forget: an answer computed from before it is sent but not kept. */
  let generation = 0;
  liveCaches.add(() => {
    generation += 1;
    entries.clear();
    computing.clear();
  });

  const keep = (key: string, entry: Entry): Entry => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  };

  const store = (key: string, body: unknown): Entry => {
    if (options.personalize) return keep(key, { body, storedAt: Date.now() });
    const json = JSON.stringify(body);
    const kept = entries.get(key) as JsonEntry | undefined;
    // A fresh answer equal to the kept one (most first loads: nothing changed since) keeps its ETag
    // and gzip, so it costs no hashing or compression either; only its age starts again.
    return keep(
      key,
      kept?.json === json
        ? { ...kept, storedAt: Date.now() }
        : {
            json,
            etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"`,
            storedAt: Date.now(),
          },
    );
  };

  /** An answer sent as a kept one would be, without keeping it. */
  const unkept = (body: unknown): Entry => {
    if (options.personalize) return { body, storedAt: Date.now() };
    const json = JSON.stringify(body);
    return {
      json,
      etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"`,
      storedAt: Date.now(),
    };
  };

  const send = (req: Request, res: Response, entry: JsonEntry) => {
    res.set('ETag', entry.etag);
    res.set('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.vary('Accept-Encoding');
    if (entry.json.length >= COMPRESS_MIN_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
      entry.gzip ??= zlib.gzipSync(entry.json);
      // Already encoded: the compression middleware leaves it alone.
      res.set('Content-Encoding', 'gzip');
      res.type('json').send(entry.gzip);
      return;
    }
    res.type('json').send(entry.json);
  };

  /** The kept entry as this request's answer: as it is, or with the caller's own part added. */
  const respond = (req: Request, res: Response, next: NextFunction, entry: Entry) => {
    if ('json' in entry) return send(req, res, entry);
    // Only a personalised route keeps bodies (store, above).
    const personalize = options.personalize ?? ((_req, body) => Promise.resolve(body));
    personalize(req, entry.body).then((body) => {
      res.set('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
      res.type('json').send(JSON.stringify(body));
    }, next);
  };

  /**
   * Answers being computed, by URL. When an entry expires, every poll of that URL would otherwise
   * miss at once and run the same query side by side (with 32 connections polling a 20 ms search,
   * p99 118 ms); a poll waits for the answer under way instead, which is fresher than it asked for.
   */
  const computing = new Map<string, Promise<Entry | undefined>>();

  return async (req: Request, res: Response, next: NextFunction) => {
    const audience = options.audience ? await options.audience(req) : '';
    const key = audience ? `${audience} ${req.originalUrl}` : req.originalUrl;
    const maxAgeMs = acceptedAgeMs(req.get('Cache-Control'));
    if (maxAgeMs !== undefined) {
      const cached = entries.get(key);
      if (cached && Date.now() - cached.storedAt <= maxAgeMs) {
        respond(req, res, next, cached);
        return;
      }
      const underWay = computing.get(key);
      if (underWay) {
        // A failed computation leaves the waiting poll to the handler, as if it had come alone.
        void underWay.then((entry) => (entry ? respond(req, res, next, entry) : next()));
        return;
      }
    }
    // A miss: the handler answers as usual, and its JSON is kept for the polls that follow.
    const startedIn = generation;
    let settle!: (entry: Entry | undefined) => void;
    const answer = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    computing.set(key, answer);
    const done = (entry: Entry | undefined) => {
      settle(entry);
      if (computing.get(key) === answer) computing.delete(key);
    };
    res.once('close', () => done(undefined));
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) {
        done(undefined);
        return res.type('json').send(JSON.stringify(body));
      }
      // Read before a change this process has since seen commit: sent, not kept.
      const entry = startedIn === generation ? store(key, body) : unkept(body);
      done(entry);
      respond(req, res, next, entry);
      return res;
    };
    next();
  };
}
