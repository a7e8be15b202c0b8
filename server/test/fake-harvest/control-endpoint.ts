/**
 * /__control: the controls over HTTP, for processes that cannot reach the fake's object (the dev
 * server, browser tests). GET answers the current settings and the request log; POST applies a JSON
 * body such as {"failWith": 500, "times": 2} or {"actAs": 1002, "lockEntry": 900003} and answers the
 * same. A body that does not parse, or names a user or entry the fake does not have, answers 400 and
 * changes nothing (beyond a reset it asked for, which is applied first).
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
  /** Applied after actAs, so {"actAs": 1002, "role": "manager"} makes that user a manager. */
  role: z.enum(['administrator', 'manager', 'member']).optional(),
  pagination: z.enum(['pages', 'cursor']).optional(),
  /** The user id the token belongs to from now on. */
  actAs: z.number().int().positive().optional(),
  /** A time entry id to lock, as approved unless lockedAs says invoiced. */
  lockEntry: z.number().int().positive().optional(),
  lockedAs: z.enum(['approved', 'invoiced']).optional(),
  /** A time entry id to open again; applied before lockEntry. */
  unlockEntry: z.number().int().positive().optional(),
});

type ControlRequest = z.output<typeof controlRequestSchema>;

/** The first id in the request that names nothing, as a message; checked before anything changes. */
function unknownId(controls: FakeHarvestControls, request: ControlRequest): string | undefined {
  if (request.actAs !== undefined && !controls.hasUser(request.actAs)) {
    return `actAs: the fake Harvest has no user ${request.actAs}`;
  }
  for (const key of ['unlockEntry', 'lockEntry'] as const) {
    const entryId = request[key];
    if (entryId !== undefined && !controls.hasTimeEntry(entryId)) {
      return `${key}: the fake Harvest has no time entry ${entryId}`;
    }
  }
  if (request.lockedAs !== undefined && request.lockEntry === undefined) {
    return 'lockedAs goes with lockEntry';
  }
  return undefined;
}

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
  const unknown = unknownId(controls, request);
  if (unknown) return json(400, { message: unknown });
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
  if (request.actAs !== undefined) controls.actAs(request.actAs);
  if (request.role) controls.setRole(request.role);
  if (request.pagination) controls.setPaginationStyle(request.pagination);
  if (request.unlockEntry !== undefined) controls.unlockEntry(request.unlockEntry);
  if (request.lockEntry !== undefined) controls.lockEntry(request.lockEntry, request.lockedAs);
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
