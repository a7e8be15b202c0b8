/**
 * A real SMTP server for tests, over TCP on a loopback port (the `smtp-server` package), that records
 * every message it accepts, parsed with mailparser. It can refuse mail with any 4xx or 5xx reply, go
 * down (the port refuses connections) and come back on the same port, and require a login. It records
 * every sign-in attempt with the password it was given, so a test can tell which password reached it.
 *
 *   const smtp = await startSmtpTestServer();
 *   await admin.post('/api/settings').send({ key: 'email', value: smtp.emailSettings() });
 *   …
 *   const [mail] = await smtp.waitForMessages(1);
 *   expect(mail.subject).toBe('Re: [T-1] Printer jams');
 *   await smtp.close();
 *
 * The browser tests start it the same way (any free port, or a fixed one with `port`).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export const SMTP_TEST_HOST = '127.0.0.1';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message the server accepted. Message-IDs are given without angle brackets. */
export interface ReceivedEmail {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The user name the client signed in with, if it did. */
  username: string | undefined;
  /** The message exactly as it arrived. */
  raw: Buffer;
  /** mailparser's whole view of it. */
  parsed: ParsedMail;
  messageId: string | undefined;
  inReplyTo: string | undefined;
  references: string[];
  from: { name: string; address: string } | undefined;
  to: string[];
  subject: string;
  text: string;
  attachments: ReceivedAttachment[];
  receivedAt: Date;
}

/** How the server answers instead of accepting; `at` is the SMTP step that gets the reply. */
export interface Refusal {
  code: number;
  message: string;
  /** Default 'data': the message is read, then refused (like a content filter). */
  at?: 'mail' | 'rcpt' | 'data';
}

export interface SmtpTestServerOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** When both are given, the server requires this login (over plain TCP: security 'none'). */
  username?: string;
  password?: string;
  /** False: record the raw message only (benchmarks); `parsed` and the fields are then empty. */
  parse?: boolean;
  /** Largest message accepted (SIZE), default 50 MB. */
  maxBytes?: number;
}

/** The value of POST /api/settings {key: "email"} that points the app at this server. */
export interface TestEmailSettingsValue {
  smtp: { host: string; port: number; security: 'none'; username: string; password: string };
  fromAddress: string;
  fromName: string;
}

/** One AUTH the server was given, accepted or not. */
export interface SmtpAuthAttempt {
  username: string;
  password: string;
  accepted: boolean;
}

export interface SmtpTestServer {
  host: string;
  port: number;
  /** Every message accepted so far, oldest first. */
  readonly messages: readonly ReceivedEmail[];
  /** Every sign-in attempt so far, oldest first (what a client sent as its password). */
  readonly authAttempts: readonly SmtpAuthAttempt[];
  /** How many SMTP sessions reached DATA (accepted or refused). */
  readonly dataAttempts: number;
  /** Resolves with the messages once at least `count` have arrived (rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /** Email settings for this server (security 'none', its login if it has one). */
  emailSettings(overrides?: Partial<Omit<TestEmailSettingsValue, 'smtp'>>): TestEmailSettingsValue;
  /** Refuses every message from now on with this reply, until accept(). */
  refuse(refusal: Refusal): void;
  /** Accepts messages again. */
  accept(): void;
  /** Stops listening and drops open sessions (421): connections are refused until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Forgets the messages and sign-in attempts received so far. */
  clear(): void;
  /** Lets the process exit while the server is still listening (for servers never closed). */
  unref(): void;
  close(): Promise<void>;
}

const addressText = (value: AddressObject | AddressObject[] | undefined): string[] =>
  [value ?? []]
    .flat()
    .flatMap((object) => object.value)
    .map((entry) => entry.address ?? '')
    .filter(Boolean);

const withoutBrackets = (id: string) => id.trim().replace(/^<(.*)>$/, '$1');

function toReceived(
  raw: Buffer,
  parsed: ParsedMail | undefined,
  envelope: ReceivedEmail['envelope'],
  username: string | undefined,
): ReceivedEmail {
  const references = parsed?.references ? [parsed.references].flat().map(withoutBrackets) : [];
  const sender = parsed?.from?.value[0];
  return {
    envelope,
    username,
    raw,
    parsed: parsed ?? ({} as ParsedMail),
    messageId: parsed?.messageId ? withoutBrackets(parsed.messageId) : undefined,
    inReplyTo: parsed?.inReplyTo ? withoutBrackets(parsed.inReplyTo) : undefined,
    references,
    from: sender ? { name: sender.name, address: sender.address ?? '' } : undefined,
    to: addressText(parsed?.to),
    subject: parsed?.subject ?? '',
    text: parsed?.text ?? '',
    attachments: (parsed?.attachments ?? []).map((file) => ({
      filename: file.filename ?? '',
      contentType: file.contentType,
      content: file.content,
    })),
    receivedAt: new Date(),
  };
}

const smtpError = (refusal: Refusal) =>
  Object.assign(new Error(refusal.message), { responseCode: refusal.code });

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedEmail[] = [];
  const authAttempts: SmtpAuthAttempt[] = [];
  const waiters = new Set<() => void>();
  let refusal: Refusal | undefined;
  let dataAttempts = 0;
  let unrefed = false;
  const requiresLogin = options.username !== undefined && options.password !== undefined;
  const parse = options.parse ?? true;

  const refuseAt = (step: NonNullable<Refusal['at']>) =>
    refusal && (refusal.at ?? 'data') === step ? smtpError(refusal) : undefined;

  const serverOptions: SMTPServerOptions = {
    // Plain TCP: the app connects with security 'none', which never upgrades.
    disabledCommands: requiresLogin ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !requiresLogin,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    size: options.maxBytes ?? 50 * 1024 * 1024,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const accepted = auth.username === options.username && auth.password === options.password;
      authAttempts.push({ username: auth.username ?? '', password: auth.password ?? '', accepted });
      if (accepted) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      }
    },
    onMailFrom(_address, _session, callback) {
      callback(refuseAt('mail'));
    },
    onRcptTo(_address, _session, callback) {
      callback(refuseAt('rcpt'));
    },
    onData(stream, session, callback) {
      dataAttempts += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = refuseAt('data');
        if (refused) return callback(refused);
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        const username = typeof session.user === 'string' ? session.user : undefined;
        // Recorded before the 250 goes out, so a client that saw it accepted finds it here.
        const record = (parsed: ParsedMail | undefined) => {
          messages.push(toReceived(raw, parsed, envelope, username));
          for (const wake of waiters) wake();
          callback(null, 'Message accepted');
        };
        if (!parse) return record(undefined);
        simpleParser(raw).then(record, (error: unknown) => callback(error as Error));
      });
    },
  };

  let server = new SMTPServer(serverOptions);
  let port = options.port ?? 0;
  const listen = async () => {
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, SMTP_TEST_HOST, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    port = (server.server.address() as AddressInfo).port;
    if (unrefed) server.server.unref();
  };
  let listening = false;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });

  await listen();
  listening = true;

  return {
    host: SMTP_TEST_HOST,
    get port() {
      return port;
    },
    get messages() {
      return messages;
    },
    get authAttempts() {
      return authAttempts;
    },
    get dataAttempts() {
      return dataAttempts;
    },
    waitForMessages(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages at the SMTP test server, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    emailSettings(overrides = {}) {
      return {
        smtp: {
          host: SMTP_TEST_HOST,
          port,
          security: 'none',
          username: requiresLogin ? options.username! : '',
          password: requiresLogin ? options.password! : '',
        },
        fromAddress: 'support@helpdesk.example.com',
        fromName: 'Help Desk',
        ...overrides,
      };
    },
    refuse(next) {
      refusal = next;
    },
    accept() {
      refusal = undefined;
    },
    async down() {
      await closeServer();
    },
    async up() {
      if (listening) return;
      server = new SMTPServer(serverOptions);
      await listen();
      listening = true;
    },
    clear() {
      messages.length = 0;
      authAttempts.length = 0;
      dataAttempts = 0;
    },
    unref() {
      unrefed = true;
      server.server.unref();
    },
    close: closeServer,
  };
}
