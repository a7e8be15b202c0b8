import type request from 'supertest';
import { base32Decode, totp } from '../lib/totp';
import { registerLogSecret } from './security/log-scanner';

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
