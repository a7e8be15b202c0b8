import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_CACHE_MAX_AGE_SECONDS } from '@shared/constants';
import { acceptedAgeMs, pollCache } from './poll-cache';

/** An app whose answer is a counter, so a test sees whether the handler ran again. */
function countingApp() {
  let answers = 0;
  const app = express();
  app.set('etag', 'strong');
  app.get('/figures', pollCache(), (req, res) => {
    answers += 1;
    if (req.query.fail) {
      res.status(500).json({ message: 'broken' });
      return;
    }
    res.json({ answer: answers, filter: req.query.filter ?? null });
  });
  return { app, answers: () => answers };
}

const POLL = { 'Cache-Control': `max-age=${POLL_CACHE_MAX_AGE_SECONDS}` };

describe('poll cache', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('answers a poll that accepts an age from the answer of the moment before', async () => {
    const { app, answers } = countingApp();
    const first = await request(app).get('/figures').expect(200);
    const polled = await request(app).get('/figures').set(POLL).expect(200);
    expect(polled.body).toEqual(first.body);
    expect(polled.headers.etag).toBe(first.headers.etag);
    expect(polled.headers.age).toBe('0');
    expect(answers()).toBe(1);
  });

  it('always answers afresh a request that does not accept an age (first loads, refetches after a change)', async () => {
    const { app, answers } = countingApp();
    await request(app).get('/figures').set(POLL).expect(200);
    const fresh = await request(app).get('/figures').expect(200);
    expect(fresh.body.answer).toBe(2);
    const noCache = await request(app).get('/figures').set('Cache-Control', 'no-cache').expect(200);
    expect(noCache.body.answer).toBe(3);
    // The fresh answer is what the next poll gets.
    expect((await request(app).get('/figures').set(POLL).expect(200)).body.answer).toBe(3);
    expect(answers()).toBe(3);
  });

  it('never serves an answer older than the age the poll accepts, nor older than the cap', async () => {
    const { app } = countingApp();
    await request(app).get('/figures').expect(200);
    vi.setSystemTime(Date.now() + POLL_CACHE_MAX_AGE_SECONDS * 1000 + 1);
    expect((await request(app).get('/figures').set(POLL).expect(200)).body.answer).toBe(2);
    vi.setSystemTime(Date.now() + POLL_CACHE_MAX_AGE_SECONDS * 1000 + 1);
    const greedy = await request(app).get('/figures').set('Cache-Control', 'max-age=3600').expect(200);
    expect(greedy.body.answer).toBe(3);
  });

  it('keys answers by the whole URL', async () => {
    const { app } = countingApp();
    await request(app).get('/figures?filter=open').expect(200);
    const other = await request(app).get('/figures?filter=closed').set(POLL).expect(200);
    expect(other.body).toEqual({ answer: 2, filter: 'closed' });
  });

  it('answers 304 to a poll whose ETag still matches', async () => {
    const { app } = countingApp();
    const first = await request(app).get('/figures').expect(200);
    await request(app).get('/figures').set(POLL).set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('does not keep failures', async () => {
    const { app, answers } = countingApp();
    await request(app).get('/figures?fail=1').expect(500);
    await request(app).get('/figures?fail=1').set(POLL).expect(500);
    expect(answers()).toBe(2);
  });
});

describe('acceptedAgeMs', () => {
  it('reads max-age and caps it', () => {
    expect(acceptedAgeMs(undefined)).toBeUndefined();
    expect(acceptedAgeMs('max-age=0')).toBeUndefined();
    expect(acceptedAgeMs('max-age=abc')).toBeUndefined();
    expect(acceptedAgeMs('no-cache, max-age=1')).toBeUndefined();
    expect(acceptedAgeMs('Max-Age=1')).toBe(1000);
    expect(acceptedAgeMs('max-age=600')).toBe(POLL_CACHE_MAX_AGE_SECONDS * 1000);
  });
});

describe('poll cache encoding', () => {
  it('sends a large answer gzipped to a client that accepts it, and as it is to one that does not', async () => {
    const app = express();
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, subject: `Printer ${i} jams` }));
    app.get('/big', pollCache(), (_req, res) => {
      res.json({ rows });
    });
    const zipped = await request(app).get('/big').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body).toEqual({ rows }); // supertest inflates it
    const plain = await request(app).get('/big').set(POLL).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual({ rows });
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });
});

describe('poll cache and fresh answers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hashes and compresses a fresh answer only when it differs from the one kept', async () => {
    const app = express();
    let rows = Array.from({ length: 200 }, (_, i) => ({ id: i, subject: `Printer ${i} jams` }));
    app.get('/big', pollCache(), (_req, res) => {
      res.json({ rows });
    });
    const gzip = vi.spyOn(zlib, 'gzipSync');
    const first = await request(app).get('/big').set('Accept-Encoding', 'gzip').expect(200);
    const again = await request(app).get('/big').set('Accept-Encoding', 'gzip').expect(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toEqual({ rows });
    expect(gzip).toHaveBeenCalledTimes(1);

    rows = rows.slice(1);
    const changed = await request(app).get('/big').set('Accept-Encoding', 'gzip').expect(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.body).toEqual({ rows });
    expect(gzip).toHaveBeenCalledTimes(2);
  });
});

describe('poll cache under a burst', () => {
  it('runs the handler once for polls that arrive while its answer is being computed', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = express();
    app.get('/slow', pollCache(), async (_req, res) => {
      runs += 1;
      await gate;
      res.json({ runs });
    });
    const first = request(app)
      .get('/slow')
      .set(POLL)
      .then((res) => res);
    // Let the first request reach the handler before the others arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const others = Array.from({ length: 5 }, () =>
      request(app)
        .get('/slow')
        .set(POLL)
        .then((res) => res),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((res) => res.body)).toEqual(Array(6).fill({ runs: 1 }));
    expect(runs).toBe(1);
  });

  it('leaves a poll to the handler when the answer it waited for failed', async () => {
    let runs = 0;
    const app = express();
    app.get('/flaky', pollCache(), async (_req, res) => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (runs === 1) res.status(503).json({ message: 'busy' });
      else res.json({ runs });
    });
    const [failed, waited] = await Promise.all([
      request(app).get('/flaky').set(POLL),
      new Promise((resolve) => setTimeout(resolve, 10)).then(() => request(app).get('/flaky').set(POLL)),
    ]);
    expect(failed.status).toBe(503);
    expect(waited.body).toEqual({ runs: 2 });
  });
});
