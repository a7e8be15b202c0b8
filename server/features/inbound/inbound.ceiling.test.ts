import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { INBOUND_CEILING_MESSAGES, INBOUND_CEILING_SCOPE } from './inbound-ceiling';
import { countRows, createInboundTestApp, emailPayload, postEmail } from '../../test/support/inbound';

const CEILING = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createInboundTestApp({ INBOUND_MAX_MESSAGES_PER_MINUTE: String(CEILING) });
});
afterAll(() => t.close());

/** The ceiling counts in minute windows on the database clock: start a test early in one. */
async function atStartOfAMinute() {
  const { rows } = await t.database.pool.query<{ s: number }>(
    'SELECT extract(second FROM now())::float AS s',
  );
  const secondsIntoMinute = rows[0]!.s;
  if (secondsIntoMinute > 45) await new Promise((r) => setTimeout(r, (60.5 - secondsIntoMinute) * 1000));
}

describe('a ceiling on all inbound mail together', () => {
  it('when senders rotate their From address, then beyond the ceiling 429 with Retry-After and nothing is created; a wrong token uses none of it', async () => {
    await atStartOfAMinute();
    await postEmail(t.app, emailPayload(), 'not-the-token-at-all').expect(401);
    // Every message from a new address: the per-sender limit never applies.
    for (let i = 0; i < CEILING; i++) await postEmail(t.app, emailPayload()).expect(201);
    const tickets = await countRows(t, 'tickets');

    const refused = await postEmail(t.app, emailPayload()).expect(429);
    expect(refused.body.message).toBe(INBOUND_CEILING_MESSAGES.tooMany);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await countRows(t, 'tickets')).toBe(tickets);
  });

  it('when the minute has passed, then mail is taken again', async () => {
    await t.database.pool.query(
      `UPDATE rate_limit_windows
       SET window_start = window_start - interval '1 day', expires_at = expires_at - interval '1 day'
       WHERE scope = $1`,
      [INBOUND_CEILING_SCOPE],
    );
    await postEmail(t.app, emailPayload()).expect(201);
  });
});
