import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import {
  listenForTiming,
  tellsApart,
  timeAcceptedPost,
  timePairs,
  timingFigures,
} from '../../test/support/answer-timing';

/**
 * Issue 41: the answer to "send me a sign-in link" must not tell, by its time, whether the address
 * may use the portal (has a ticket) or not. Both are only queued (portal-sign-in.job.ts).
 */

const ROUNDS = 30;
const WARM_UP = 5;

let r: ReplyTestApp;
let listening: Awaited<ReturnType<typeof listenForTiming>>;

beforeAll(async () => {
  // Enough budget for every request of this file: the throttle itself is pinned in portal-sign-in.test.ts.
  r = await createReplyTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await r.admin
    .post('/api/settings')
    .send({ key: 'portal', value: { enabled: true, newTickets: 'known', allowedDomains: [], csat: false } })
    .expect(200);
  listening = await listenForTiming(r.t.app);
});
afterAll(async () => {
  await listening.close();
  await r.close();
});

/** How long the answer to a request for `email` takes, in ms. */
const timeRequest = (email: string) => timeAcceptedPost(`${listening.baseUrl}/api/portal/sign-in`, { email });

describe('POST /api/portal/sign-in takes as long for any address', () => {
  it('when addresses with a ticket and unknown ones ask in turn, then neither answers faster', async () => {
    const stamp = Date.now();
    const requesters: string[] = [];
    for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
      const email = `requester.${stamp}.${i}@example.com`;
      await r.agent
        .post('/api/tickets')
        .send({ subject: 'Timing', body: 'Body', fromName: 'Timing Requester', fromEmail: email })
        .expect(201);
      requesters.push(email);
    }
    const stranger = (i: number) => `stranger.${stamp}.${i}@example.com`;

    const { known, unknown } = await timePairs(ROUNDS, WARM_UP, (kind, i) =>
      timeRequest(kind === 'known' ? requesters[i]! : stranger(i)),
    );
    const figures = timingFigures(known, unknown);
    console.info('portal sign-in answer times', figures);
    expect(tellsApart(figures), JSON.stringify(figures)).toBe(false);
  });
});
