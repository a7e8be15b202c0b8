/** Signed-in session cookies for the benchmarked app: one account, as many sessions as asked. */
import { httpPostJson } from './http-connection';

export interface BenchAccount {
  email: string;
  password: string;
}

/** Registers an account (the first one of a fresh database becomes its admin). */
export async function registerAccount(port: number, account: BenchAccount): Promise<void> {
  const { status } = await httpPostJson(port, '/api/register', {
    ...account,
    firstName: 'Bench',
    lastName: 'Runner',
  });
  if (status !== 201) throw new Error(`registering ${account.email} answered ${status}`);
}

/** Signs in once; the answer is the Cookie header value of the new session. */
export async function signIn(port: number, account: BenchAccount): Promise<string> {
  const { status, cookie } = await httpPostJson(port, '/api/login', account);
  if (status !== 200 || !cookie) throw new Error(`signing in as ${account.email} answered ${status}`);
  return cookie;
}

/**
 * `count` separate sessions of the account, as `count` agents' browsers would hold, so no two
 * connections of a load test share (and contend for) one session row.
 */
export async function signInSessions(port: number, account: BenchAccount, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push(await signIn(port, account));
  return cookies;
}
