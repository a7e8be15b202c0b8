/**
 * A real IMAP server for tests: Debian's Dovecot (`/usr/sbin/dovecot`, package `dovecot-imapd`), run
 * in the foreground as a child of the test process with a config written into a throwaway directory.
 * Test-only: the product talks IMAP to whatever server an administrator configures, never to this.
 *
 *   const imap = await startDovecotTestServer();
 *   await imap.append('From: a@example.test\r\nSubject: Printer jams\r\n\r\nHelp\r\n'); // → UID 1
 *   … point the app at imap.host, imap.port, imap.user, imap.password (plain IMAP, no TLS) …
 *   expect(await imap.list()).toEqual([{ uid: 1, flags: ['\\Seen'] }]);
 *   await imap.stop(); … await imap.start(); // an outage: same port, same mail, same UIDVALIDITY
 *   await imap.close();
 *
 * One user, a Maildir, plain IMAP on a loopback port (no STARTTLS), folders separated by '/'. Works
 * as root (CI) and as a normal user: see `identity()`. The browser tests start it the same way (any
 * free port, or a fixed one with `port`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import type { ImapSettingsInput } from '@shared/contracts/email-settings';

export const DOVECOT_TEST_HOST = '127.0.0.1';
export const DOVECOT_BINARY = '/usr/sbin/dovecot';
const USER = 'support@example.test';
const READY_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 4_000;

export interface DovecotTestServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The throwaway directory (config, `dovecot.log`, the Maildir); gone after close(). */
  readonly directory: string;
  /** Appends a raw RFC 5322 message to a folder (default INBOX) over IMAP (imapflow APPEND), returns its UID. */
  append(raw: string | Buffer, folder?: string, flags?: string[]): Promise<number>;
  /** UIDs and flags of the messages in a folder (default INBOX), over IMAP. */
  list(folder?: string): Promise<{ uid: number; flags: string[] }[]>;
  /** Creates a folder if missing. */
  createFolder(name: string): Promise<void>;
  /**
   * The passwords of the refused logins so far, oldest first, as Dovecot logged them
   * (`auth_verbose_passwords`): which password reached this server. The log is written by another
   * process, so a test waits for a login it made itself to appear before it reads what came before.
   */
  refusedPasswords(): string[];
  /** Stops the Dovecot process (by its PID) but keeps the mail directory, so `start()` brings the same mailbox back on the same port. */
  stop(): Promise<void>;
  /** Starts it again after stop() (same port, same mail, same UIDVALIDITY). */
  start(): Promise<void>;
  /** Stops it and removes the throwaway directory. */
  close(): Promise<void>;
}

/** Who the Dovecot processes run as. */
interface Identity {
  internalUser: string;
  internalGroup: string;
  loginUser: string;
  /** Owner of the mail processes and the Maildir. */
  uid: number;
  gid: number;
}

function identity(): Identity {
  if (process.getuid?.() === 0) {
    // As root, Dovecot runs the way Debian's package runs it: the master as root, internal services
    // as `dovecot`, login processes as `dovenull`. Mail processes do not run as root (Dovecot's
    // first_valid_uid refuses UID 0): they run as `dovecot` too, and the Maildir belongs to it.
    const id = (flag: string, name: string) => {
      try {
        return Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
      } catch {
        throw new Error(`the system user '${name}' is missing: is Debian's dovecot-imapd installed?`);
      }
    };
    id('-u', 'dovenull'); // only checks that it exists
    return {
      internalUser: 'dovecot',
      internalGroup: 'dovecot',
      loginUser: 'dovenull',
      uid: id('-u', 'dovecot'),
      gid: id('-g', 'dovecot'),
    };
  }
  // Not root: Dovecot cannot switch users, so every process runs as us; it accepts that when the
  // internal user, group and login user are our own and no service wants a chroot (see the config).
  let me: os.UserInfo<string>;
  try {
    me = os.userInfo();
  } catch {
    throw new Error(
      `UID ${process.getuid?.()} has no user name (no /etc/passwd entry): Dovecot needs one to run as`,
    );
  }
  const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
  return {
    internalUser: me.username,
    internalGroup: group,
    loginUser: me.username,
    uid: me.uid,
    gid: me.gid,
  };
}

let versionCache: string | undefined;
function dovecotVersion(): string {
  if (versionCache) return versionCache;
  if (!fs.existsSync(DOVECOT_BINARY)) {
    throw new Error(
      `${DOVECOT_BINARY} is missing: install Debian's dovecot-imapd (apt-get install dovecot-imapd)`,
    );
  }
  versionCache = execFileSync(DOVECOT_BINARY, ['--version'], { encoding: 'utf8' }).trim();
  return versionCache;
}

interface ConfigInput {
  dir: string;
  tag: string;
  port: number;
  usersFile: string;
  who: Identity;
}

/**
 * Debian 12's Dovecot 2.3 config (tested). Dovecot 2.4 (Debian 13) renamed the settings and needs a
 * different file; that variant is written from its upgrade notes and has not been run.
 */
function dovecotConfig({ dir, tag, port, usersFile, who }: ConfigInput, version: string): string {
  const v24 = !/^2\.[0-3]\./.test(version);
  const lines = [
    `# A throwaway test server written by server/test/mail/dovecot-test-server.ts (Dovecot ${version}).`,
    ...(v24 ? ['dovecot_config_version = 2.4.0', 'dovecot_storage_version = 2.4.0'] : []),
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    // The processes are named `dovecot-<instance_name>/…`: the tag finds all of them (processIds).
    `instance_name = ${tag}`,
    `log_path = ${dir}/dovecot.log`,
    'protocols = imap',
    `listen = ${DOVECOT_TEST_HOST}`,
    'ssl = no',
    v24 ? 'auth_allow_cleartext = yes' : 'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // A wrong password is answered within half a second (the check runs twice a second), not after 2 s.
    'auth_failure_delay = 0',
    'auth_verbose = yes',
    // A refused login's password is written to the log: refusedPasswords() tells what reached us.
    'auth_verbose_passwords = plain',
    `default_internal_user = ${who.internalUser}`,
    `default_internal_group = ${who.internalGroup}`,
    `default_login_user = ${who.loginUser}`,
    // The default 500 would refuse system users such as `dovecot` and CI's low UIDs.
    `first_valid_uid = ${who.uid}`,
    `first_valid_gid = ${who.gid}`,
    ...(v24 ? ['mail_driver = maildir', 'mail_path = ~/Maildir'] : ['mail_location = maildir:~/Maildir']),
    // Nothing here has to survive a crash of the machine.
    'mail_fsync = never',
    'namespace inbox {',
    '  inbox = yes',
    '  separator = /',
    '}',
    // The app, the harness and the browser tests may all be connected at once (default 10).
    'protocol imap {',
    '  mail_max_userip_connections = 100',
    '}',
    ...(v24
      ? [
          'passdb passwd-file {',
          `  passwd_file_path = ${usersFile}`,
          '}',
          'userdb passwd-file {',
          `  passwd_file_path = ${usersFile}`,
          '}',
        ]
      : [
          'passdb {',
          '  driver = passwd-file',
          `  args = scheme=PLAIN ${usersFile}`,
          '}',
          'userdb {',
          '  driver = passwd-file',
          `  args = ${usersFile}`,
          '}',
        ]),
    // chroot needs root; without it the same config works for a normal user.
    'service imap-login {',
    '  chroot =',
    // One login process, started in advance, for every connection (Dovecot's "high-performance"
    // mode), and a spare IMAP process: connections are quicker (the harness makes one per call).
    ...(v24 ? [] : ['  service_count = 0']),
    '  process_min_avail = 1',
    '  inet_listener imap {',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '}',
    'service imap {',
    '  process_min_avail = 1',
    '}',
    'service anvil {',
    '  chroot =',
    // After a wrong password Dovecot 2.3 holds up the next login from the same IP (all of ours come
    // from 127.0.0.1) by 4-15 s, and auth_failure_delay = 0 does not change that. The auth process
    // skips the penalty, silently, when it finds no anvil-auth-penalty socket: move it aside. (In
    // 2.4, auth_failure_delay = 0 skips the penalty.)
    ...(v24 ? [] : ['  unix_listener anvil-auth-penalty {', '    path = anvil-auth-penalty-off', '  }']),
    '}',
    '',
  ];
  return lines.join('\n');
}

/** A port that was free a moment ago (the kernel's pick for port 0), like the other test helpers. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, DOVECOT_TEST_HOST, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** PIDs of the processes whose command line contains `tag`: what `pgrep -f tag` finds, without procps. */
export function processIds(tag: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(tag)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * One attempt to read the greeting. Dovecot may first say `* OK Waiting for authentication process to
 * respond..` while its auth process starts: only the real `* OK [CAPABILITY …] … ready.` counts.
 */
function greeting(port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect(port, DOVECOT_TEST_HOST);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.split('\r\n').some((line) => line.startsWith('* OK') && !line.includes('Waiting for')))
        done(true);
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}

export async function startDovecotTestServer(options: { port?: number } = {}): Promise<DovecotTestServer> {
  const version = dovecotVersion();
  const who = identity();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-imap-'));
  // Unique per server: it is in the config path and in every Dovecot process name.
  const tag = path.basename(dir);
  const configFile = path.join(dir, 'dovecot.conf');
  const usersFile = path.join(dir, 'users');
  const logFile = path.join(dir, 'dovecot.log');
  const home = path.join(dir, 'home');
  // Same password across stop()/start(), so an app configured once reconnects after an outage.
  const password = crypto.randomBytes(12).toString('hex');

  try {
    fs.mkdirSync(home);
    // passwd-file line: user:password:uid:gid:gecos:home:shell
    fs.writeFileSync(usersFile, `${USER}:{PLAIN}${password}:${who.uid}:${who.gid}::${home}::\n`, {
      mode: 0o600,
    });
    if (process.getuid?.() === 0) {
      // The auth process (as `dovecot`) reads the users file, the mail processes write the home; both
      // have to get through the mkdtemp directory, which is root's and 0700.
      fs.chownSync(usersFile, who.uid, who.gid);
      fs.chownSync(home, who.uid, who.gid);
      fs.chmodSync(dir, 0o711);
    }
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let port = options.port ?? 0;
  let child: ChildProcess | undefined;
  let output = '';

  const readLog = () => {
    let log = '';
    try {
      log = fs.readFileSync(logFile, 'utf8');
    } catch {
      // Not written yet: Dovecot failed before it set up logging, its stderr says why.
    }
    // Dovecot writes its startup errors to both; config errors only to stderr.
    const stderrOnly = output.split('\n').filter((line) => line.trim() && !log.includes(line));
    return [...stderrOnly, ...log.trim().split('\n')].slice(-40).join('\n');
  };

  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // Already gone.
      }
    }
  };

  // A test process that ends without close() still takes its Dovecot down (synchronously: nothing
  // asynchronous runs on 'exit'). The master ends its services; the sessions are ended here, as in stop().
  const killOnExit = () => {
    if (!child || exited(child)) return;
    child.kill('SIGTERM');
    signal(processIds(`${tag}/imap`), 'SIGTERM');
  };
  process.on('exit', killOnExit);

  const stopProcess = async () => {
    const running = child;
    child = undefined;
    if (running && !exited(running)) {
      running.kill('SIGTERM');
      // Dovecot 2.3's master leaves the IMAP sessions of connected clients running after it exits
      // (shutdown_clients notwithstanding), and they keep the log process alive: end them the way a
      // server shutdown does (they answer `* BYE Server shutting down`).
      signal(processIds(`${tag}/imap`), 'SIGTERM');
      // The master takes about a second: it gives its services time to finish.
      if (!(await waitForExit(running, STOP_GRACE_MS))) {
        running.kill('SIGKILL');
        await waitForExit(running, STOP_GRACE_MS);
      }
    }
    // Nothing of ours may survive the master: a leftover would hold the port or outlive the test.
    const deadline = Date.now() + STOP_GRACE_MS;
    let terminated = false;
    for (let left = processIds(tag); left.length > 0; left = processIds(tag)) {
      if (Date.now() > deadline) {
        signal(left, 'SIGKILL');
      } else if (!terminated && Date.now() > deadline - STOP_GRACE_MS / 2) {
        signal(left, 'SIGTERM');
        terminated = true;
      }
      await sleep(25);
    }
  };

  const launch = async (): Promise<'ready' | 'port-in-use'> => {
    fs.writeFileSync(configFile, dovecotConfig({ dir, tag, port, usersFile, who }, version));
    output = '';
    const started = spawn(DOVECOT_BINARY, ['-F', '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-16_384);
    };
    started.stdout?.on('data', collect);
    started.stderr?.on('data', collect);
    let spawnFailed = false;
    started.on('error', (error) => {
      spawnFailed = true;
      collect(Buffer.from(`${error.message}\n`));
    });
    // A server the test never closes must not keep the test process alive (killOnExit still runs).
    started.unref();
    (started.stdout as net.Socket | null)?.unref();
    (started.stderr as net.Socket | null)?.unref();

    // Dovecot exits at once when it cannot start (a config error, the port taken): stop waiting then.
    const gaveUp = new Promise<false>((resolve) => {
      started.once('exit', () => resolve(false));
      started.once('error', () => resolve(false));
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && !exited(started) && !spawnFailed) {
      if (await Promise.race([greeting(port, Math.min(2_000, deadline - Date.now())), gaveUp]))
        return 'ready';
      await sleep(25);
    }
    const log = readLog();
    const gone = exited(started) || spawnFailed;
    await stopProcess();
    if (/Address already in use/.test(log)) return 'port-in-use';
    const what = gone
      ? `exited before it greeted on ${DOVECOT_TEST_HOST}:${port}`
      : `did not greet on ${DOVECOT_TEST_HOST}:${port} within ${READY_TIMEOUT_MS / 1000} s`;
    throw new Error(`Dovecot ${version} ${what}. Its log:\n${log || '(empty)'}`);
  };

  const start = async () => {
    if (child) return;
    if ((await launch()) === 'port-in-use') {
      throw new Error(`port ${port} is in use: Dovecot could not listen on it. Its log:\n${readLog()}`);
    }
  };

  try {
    if (port !== 0) {
      await start();
    } else {
      // Another process may take the free port before Dovecot binds it: try a few.
      for (let attempt = 1; ; attempt += 1) {
        port = await freePort();
        if ((await launch()) === 'ready') break;
        if (attempt === 3)
          throw new Error(`Dovecot found no free port after 3 tries. Its log:\n${readLog()}`);
      }
    }
  } catch (error) {
    process.off('exit', killOnExit);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  // Short-lived connections: one per call, so a stop()/start() between calls needs no reconnecting.
  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: DOVECOT_TEST_HOST,
      port,
      secure: false,
      auth: { user: USER, pass: password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
    });
    // The failure also rejects the pending call; without a listener the 'error' event would throw.
    client.on('error', () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: DOVECOT_TEST_HOST,
    get port() {
      return port;
    },
    user: USER,
    password,
    directory: dir,
    append(raw, folder = 'INBOX', flags = []) {
      return withClient(async (client) => {
        const result = await client.append(folder, raw, flags);
        if (!result || result.uid === undefined) throw new Error(`APPEND to ${folder} returned no UID`);
        return result.uid;
      });
    },
    list(folder = 'INBOX') {
      return withClient(async (client) => {
        // Read-only (EXAMINE): looking must not change what the app under test sees.
        const mailbox = await client.mailboxOpen(folder, { readOnly: true });
        if (mailbox.exists === 0) return [];
        const messages = await client.fetchAll('1:*', { uid: true, flags: true });
        return messages
          .map((message) => ({
            uid: message.uid,
            // \Recent belongs to one session, not to the message: leaving it out keeps lists comparable.
            flags: [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort(),
          }))
          .sort((a, b) => a.uid - b.uid);
      });
    },
    createFolder(name) {
      return withClient(async (client) => {
        await client.mailboxCreate(name);
        // Subscribed, like a folder made in a mail client, so LSUB-based pickers see it too.
        await client.mailboxSubscribe(name);
      });
    },
    refusedPasswords() {
      let log = '';
      try {
        log = fs.readFileSync(logFile, 'utf8');
      } catch {
        return [];
      }
      return [...log.matchAll(/Password mismatch \(given password: (.*)\)$/gm)].map((match) => match[1]!);
    },
    stop: stopProcess,
    start,
    async close() {
      await stopProcess();
      process.off('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Email settings whose mailbox is the test Dovecot (the SMTP part is never used by these tests). */
export function mailboxSettings(dovecot: DovecotTestServer, overrides: Partial<ImapSettingsInput> = {}) {
  return {
    smtp: { host: '127.0.0.1', port: 2525, security: 'none', username: '', password: '' },
    fromAddress: 'support@helpdesk.example.com',
    fromName: 'Support',
    imap: {
      host: dovecot.host,
      port: dovecot.port,
      security: 'none',
      username: dovecot.user,
      password: dovecot.password,
      folder: 'INBOX',
      afterImport: { action: 'mark_read' },
      ...overrides,
    },
  };
}
