import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../../test/test-app';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import {
  listenForTiming,
  tellsApart,
  timeAcceptedPost,
  timePairs,
  timingFigures,
} from '../../test/support/answer-timing';

/**
 * Issue 34, item 9: the answer to "Forgot password?" must not tell, by its time, whether an address
 * has an account. Before the fix, with email configured, an existing address took 5–9 ms and an
 * unknown one 2.2–3.6 ms: the token, the queued email and the event were made before the answer.
 */

const ROUNDS = 30;
const WARM_UP = 5;

let r: ReplyTestApp;
let listening: Awaited<ReturnType<typeof listenForTiming>>;

beforeAll(async () => {
  // Enough budget for every request of this file: the throttle itself is pinned in password-reset.test.ts.
  r = await createReplyTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  listening = await listenForTiming(r.t.app);
});
afterAll(async () => {
  await listening.close();
  await r.close();
});

/** How long the answer to a request for `email` takes, in ms. */
const timeRequest = (email: string) => timeAcceptedPost(`${listening.baseUrl}/api/password-reset`, { email });

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
