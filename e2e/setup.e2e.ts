/**
 * The setup link of a fresh install, in the browser. The suite's own app already has its admin (the
 * global setup registers one), so this file starts a second app from the same production build on an
 * empty embedded database of its own, and takes the link from what it prints at start (checked
 * against DATA_DIR/setup-token, where the owner finds it too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, screenshot } from './support/browser';
import { newUser } from './support/users';

const READY = /Help desk ready at (http:\/\/127\.0\.0\.1:\d+)/;
const SETUP_LINK = /create the first one at (http:\/\/\S+\/setup\/([A-Za-z0-9_-]{43}))/;

let browser: Browser;
let app: ChildProcess;
let dataDir: string;
let output = '';

/** Resolves with the first match of `pattern` in what the app printed. */
function printed(pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(
      () => reject(new Error(`the app never printed ${pattern}:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(deadline);
      app.stdout?.off('data', check);
      resolve(match);
    };
    app.stdout?.on('data', check);
    app.once('exit', () => reject(new Error(`the app exited:\n${output}`)));
    check();
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-e2e-setup-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    BCRYPT_COST: '4',
    HARVEST_SYNC_ENABLED: 'false',
  };
  // A fresh embedded database, whatever the suite runs on.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  app = spawn(process.execPath, ['dist/server/index.js'], { env, stdio: 'pipe' });
  app.stdout?.on('data', (chunk) => (output += chunk));
  app.stderr?.on('data', (chunk) => (output += chunk));
  browser = await launchBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  if (app && app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the setup link of a fresh install', () => {
  it('opens the setup page, creates the admin, signs them in; the used link then says so', async () => {
    const [, baseURL] = await printed(READY);
    const [, link, token] = await printed(SETUP_LINK);
    expect(link).toBe(`${baseURL}/setup/${token}`);
    const tokenFile = path.join(dataDir, 'setup-token');
    expect(fs.readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Set Up Your Help Desk' }).waitFor();
    // The Register tab's fields and rules.
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByText('First name is required', { exact: true }).waitFor();
    await page.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    const admin = newUser('Owen');
    await page.getByLabel('First Name').fill(admin.firstName);
    await page.getByLabel('Last Name').fill(admin.lastName);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await screenshot(page, 'setup-page');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Your administrator account has been created.', { exact: true }).waitFor();
    await page.getByText(`${admin.firstName} ${admin.lastName}`).first().waitFor();
    const me = await context.request.get(`${baseURL}/api/auth/user`);
    expect(await me.json()).toMatchObject({ email: admin.email, role: 'admin' });
    await context.close();

    // Someone else with the same link, later: nothing to create any more.
    const other = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    other.setDefaultTimeout(15_000);
    const late = await other.newPage();
    await late.goto(link!);
    const intruder = newUser('Ivy');
    await late.getByLabel('First Name').fill(intruder.firstName);
    await late.getByLabel('Last Name').fill(intruder.lastName);
    await late.getByLabel('Email').fill(intruder.email);
    await late.getByLabel('Password').fill(intruder.password);
    await late.getByRole('button', { name: 'Create Admin Account' }).click();
    await late.getByText('This setup link has already been used or is not valid.', { exact: true }).waitFor();
    await screenshot(late, 'setup-link-used');
    await late.getByRole('link', { name: 'Sign In' }).click();
    await late.waitForURL('**/signin');
    await late.getByRole('button', { name: 'Sign In' }).waitFor();
    await other.close();

    // The Register tab of the machine itself now makes agents.
    const registered = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(newUser('Ada')),
    });
    expect(((await registered.json()) as { user: { role: string } }).user.role).toBe('agent');
  });
});
