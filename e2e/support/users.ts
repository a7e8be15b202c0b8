import crypto from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newUser(firstName = 'Erin'): Omit<TestUser, 'id'> {
  const tag = crypto.randomBytes(4).toString('hex');
  return { email: `e2e.${tag}@example.com`, password: 'e2e password 1', firstName, lastName: `Tester${tag}` };
}

/**
 * Creates a user through the API and signs the browser context in (its cookie jar keeps the session),
 * so tests that are not about signing in start on a signed-in page straight away.
 */
export async function signInNewUser(context: BrowserContext, firstName?: string): Promise<TestUser> {
  const input = newUser(firstName);
  const registered = await context.request.post('/api/register', { data: input });
  if (registered.status() !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const login = await context.request.post('/api/login', {
    data: { email: input.email, password: input.password },
  });
  if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
  const { user } = (await registered.json()) as { user: { id: string } };
  return { ...input, id: user.id };
}

/** Signs the browser context in as the admin the global setup registered first (e2e/global-setup.ts). */
export async function signInAdmin(context: BrowserContext): Promise<void> {
  const admin = inject('adminUser');
  const login = await context.request.post('/api/login', {
    data: { email: admin.email, password: admin.password },
  });
  if (login.status() !== 200) throw new Error(`admin login failed: ${await login.text()}`);
}

/**
 * Signs `context` in as a new user in place of whoever was signed in there (their cookie goes first).
 * A file whose tests each need their own user can then share one context and page: a context's first
 * page of the app costs several times a later one (docs/testing.md). The next `goto` shows the new user.
 */
export async function switchToNewUser(context: BrowserContext, firstName?: string): Promise<TestUser> {
  await signOutOpenPages(context);
  return signInNewUser(context, firstName);
}

/** As `switchToNewUser`, for the admin the global setup registered. */
export async function switchToAdmin(context: BrowserContext): Promise<void> {
  await signOutOpenPages(context);
  await signInAdmin(context);
}

/**
 * Drops the context's cookie after its open pages have left the app. A page still on the app would
 * meet the missing session in a background read and leave for sign-in, and that late navigation can
 * overtake the test's next `goto` as the new user (seen under the full suite's load).
 */
export async function signOutOpenPages(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.goto('about:blank')));
  await context.clearCookies();
}
