/**
 * /__control: the controls over HTTP, for processes that cannot reach the fake's object (the dev
 * server, browser tests). GET answers the current settings and the request log; POST applies a JSON
 * body such as {"failWith": 500, "times": 2} and answers the same.
 */
import { z } from 'zod';
import type { FakeHarvestControls } from './controls';
import { FAKE_FAILURE_STATUSES } from './failures';
import { json, type FakeResponse } from './http';

export const CONTROL_PATH = '/__control';

const controlRequestSchema = z.strictObject({
  /** Applied first, so one request can reset and then set up a scenario. */
  reset: z.literal(true).optional(),
  clearRequests: z.literal(true).optional(),
  clearFailures: z.literal(true).optional(),
  failWith: z.literal(FAKE_FAILURE_STATUSES).optional(),
  times: z.number().int().positive().optional(),
  retryAfter: z.number().int().min(0).optional(),
  path: z.string().startsWith('/').optional(),
  latencyMs: z.number().min(0).optional(),
  role: z.enum(['administrator', 'member']).optional(),
  pagination: z.enum(['pages', 'cursor']).optional(),
});

function apply(controls: FakeHarvestControls, bodyText: string): FakeResponse | undefined {
  let raw: unknown;
  try {
    raw = bodyText.trim() ? JSON.parse(bodyText) : {};
  } catch {
    return json(400, { message: 'The body is not JSON' });
  }
  const parsed = controlRequestSchema.safeParse(raw);
  if (!parsed.success) {
    return json(400, { message: z.prettifyError(parsed.error) });
  }
  const request = parsed.data;
  if (request.reset) controls.reset();
  if (request.clearRequests) controls.clearRequests();
  if (request.clearFailures) controls.clearFailures();
  if (request.failWith !== undefined) {
    controls.failWith(request.failWith, {
      times: request.times,
      retryAfterSeconds: request.retryAfter,
      path: request.path,
    });
  }
  if (request.latencyMs !== undefined) controls.setLatency(request.latencyMs);
  if (request.role) controls.setRole(request.role);
  if (request.pagination) controls.setPaginationStyle(request.pagination);
  return undefined;
}

export function controlEndpoint(
  controls: FakeHarvestControls,
  method: string,
  bodyText: string,
): FakeResponse {
  if (method === 'POST') {
    const refused = apply(controls, bodyText);
    if (refused) return refused;
  } else if (method !== 'GET') {
    return json(
      405,
      { message: 'Use GET to read the controls or POST to change them' },
      { Allow: 'GET, POST' },
    );
  }
  return json(200, controls.snapshot());
}
