/** Helpers shared by the tests of two-step sign-in (not a test file itself). */
import type { Express } from 'express';
import request from 'supertest';
import { base32Decode, totp } from '../lib/totp';
import { registerLogSecret } from './security/log-scanner';
import { signedInAgent } from './test-app';

/** The code of the step `offsetSteps` from now (computed here, as an authenticator app would). */
export const codeFor = (secret: string, offsetSteps = 0) =>
  totp(base32Decode(secret), Date.now() + offsetSteps * 30_000);

/**
 * Turns two-step sign-in on for the agent's user through the API, as the Settings card does; returns
 * the secret and the recovery codes. The code used is a step behind, so that the current step is still
 * unused for a sign-in that follows.
 */
export async function turnOnTwoStep(agent: ReturnType<typeof request.agent>) {
  const setup = await agent.post('/api/auth/totp/setup').expect(200);
  const secret = setup.body.secret as string;
  registerLogSecret('a TOTP secret', secret);
  const enabled = await agent
    .post('/api/auth/totp/enable')
    .send({ code: codeFor(secret, -1) })
    .expect(200);
  const recoveryCodes = enabled.body.recoveryCodes as string[];
  for (const code of recoveryCodes) registerLogSecret('a recovery code', code);
  return { secret, recoveryCodes };
}

/** Sets two-step sign-in up for a new user; returns them, their secret and recovery codes. */
export async function userWithTotp(app: Express) {
  const user = await signedInAgent(app);
  return { ...user, ...(await turnOnTwoStep(user.agent)) };
}

/** Signs in with the password: the browser then waits for the second step (half signed in). */
export async function passwordStep(app: Express, input: { email: string; password: string }) {
  const browser = request.agent(app);
  const res = await browser.post('/api/login').send(input).expect(200);
  return { browser, res };
}
