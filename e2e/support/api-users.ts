import crypto from 'node:crypto';
import { request, type APIRequestContext, type APIResponse } from 'playwright-core';
import { inject } from 'vitest';
import { appUnderTest } from './app';

export interface ApiUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Signed in as this user (its own cookie jar), for seeding through the API without a browser. */
  api: APIRequestContext;
}

/**
 * Registers a user with the given names and signs an API client in as them. Seeding this way needs
 * no browser, so many users cost little.
 */
export async function registerApiUser(
  firstName: string,
  lastName: string,
  email = `e2e.api.${crypto.randomBytes(5).toString('hex')}@example.com`,
): Promise<ApiUser> {
  const api = await request.newContext({ baseURL: appUnderTest().baseURL });
  const password = 'e2e password 1';
  const registered = await api.post('/api/register', { data: { email, password, firstName, lastName } });
  if (registered.status() !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const login = await api.post('/api/login', { data: { email, password } });
  if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
  const { user } = (await registered.json()) as {
    user: { id: string; email: string; firstName: string; lastName: string };
  };
  return { ...user, password, api };
}

/** An API client signed in as the admin the global setup registered (e2e/global-setup.ts). */
export async function adminApi(): Promise<APIRequestContext> {
  const admin = inject('adminUser');
  const api = await request.newContext({ baseURL: appUnderTest().baseURL });
  const login = await api.post('/api/login', { data: { email: admin.email, password: admin.password } });
  if (login.status() !== 200) throw new Error(`admin login failed: ${await login.text()}`);
  return api;
}

/** Throws with the answer's text unless its status is `expected`; returns the parsed JSON body. */
export async function expectStatus<T>(
  answer: Promise<APIResponse>,
  expected: number,
  what: string,
): Promise<T> {
  const response = await answer;
  if (response.status() !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${response.status()}: ${await response.text()}`);
  }
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
