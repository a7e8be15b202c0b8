import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../../test/test-app';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import { tellsApart, timePairs, timingFigures } from '../../test/support/answer-timing';

/**
 * Issue 34, item 9: the answer to "Forgot password?" must not tell, by its time, whether an address
 * has an account. Before the fix, with email configured, an existing address took 5–9 ms and an
 * unknown one 2.2–3.6 ms: the token, the queued email and the event were made before the answer.
 */

const ROUNDS = 30;
const WARM_UP = 5;

let r: ReplyTestApp;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // Enough budget for every request of this file: the throttle itself is pinned in password-reset.test.ts.
  r = await createReplyTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  server = r.t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await r.close();
});

/** How long the answer to a reset request for `email` takes, in ms (one keep-alive client). */
async function timeRequest(email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  expect(res.status).toBe(202);
  return elapsed;
}

describe('POST /api/password-reset takes as long for any address', () => {
  it('when existing and unknown addresses are asked about in turn, then neither answers faster', async () => {
    const accounts: string[] = [];
    for (let i = 0; i < WARM_UP + ROUNDS; i += 1) accounts.push((await signedInAgent(r.t.app)).input.email);
    const stamp = Date.now();
    const unknownAddress = (i: number) => `nobody.${stamp}.${i}@example.com`;

    const { known, unknown } = await timePairs(ROUNDS, WARM_UP, (kind, i) =>
      timeRequest(kind === 'known' ? accounts[i]! : unknownAddress(i)),
    );
    const figures = timingFigures(known, unknown);
    console.info('password reset answer times', figures);
    expect(tellsApart(figures), JSON.stringify(figures)).toBe(false);
  });
});
