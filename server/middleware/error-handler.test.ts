import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { errorHandler } from './error-handler';

/** An app whose one route fails with `error`, answered by the real error middleware. */
function failingWith(error: unknown) {
  const app = express();
  app.get('/fail', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

/** Drizzle wraps the driver's error: the SQLSTATE sits on `cause`. */
const wrapped = (code: string, message = 'query failed') =>
  Object.assign(new Error('Failed query: …'), { cause: Object.assign(new Error(message), { code }) });

describe('error middleware', () => {
  it('when a service raises an AppError, then its status, message and field errors are answered', async () => {
    const res = await request(
      failingWith(new AppError('conflict', 'Taken', { fieldErrors: { email: ['Taken'] } })),
    )
      .get('/fail')
      .expect(409);
    expect(res.body).toEqual({
      success: false,
      message: 'Taken',
      error: 'Taken',
      fieldErrors: { email: ['Taken'] },
    });
  });

  it('when the database rejects a value (class 22), then 400, not 500', async () => {
    await request(failingWith(wrapped('22P05')))
      .get('/fail')
      .expect(400);
  });

  it.each([
    ['the server shutting down', wrapped('57P01')],
    ['too many connections', wrapped('53300')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a server that does not answer the connect', new Error('timeout expired')],
    ['the server starting up', wrapped('57P03')],
    ['a connection exception (class 08)', wrapped('08001')],
    [
      'a connection reset under a query (the socket error wrapped by drizzle)',
      Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
    ],
    [
      'a ROLLBACK on a connection that had broken',
      Object.assign(new Error('Failed query: rollback'), {
        cause: new Error('Client has encountered a connection error and is not queryable'),
      }),
    ],
  ])('when the database is unavailable (%s), then 503 with Retry-After', async (_case, error) => {
    const res = await request(failingWith(error)).get('/fail').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.error).toMatch(/temporarily unavailable/);
  });

  it('when anything else fails, then 500 with a message and no stack trace', async () => {
    const res = await request(failingWith(new Error('secret internals at /srv/app.js:12')))
      .get('/fail')
      .expect(500);
    expect(JSON.stringify(res.body)).not.toMatch(/secret internals|app\.js/);
  });
});
