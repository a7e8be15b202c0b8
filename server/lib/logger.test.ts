import { afterEach, describe, expect, it } from 'vitest';
import { captureLogLines } from '../test/security/log-scanner';
import { configureLogger, createLogger, logger, REDACTED, type LogLevel } from './logger';

/** A logger writing into an array, parsed line by line. */
function capturing(level: LogLevel = 'debug') {
  const lines: string[] = [];
  const log = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
  return { log, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('writes one JSON line per call: level by name, ISO time, pid, the message and the fields', () => {
    const { log, lines, parsed } = capturing();
    log.info('Mailbox fetched', { imported: 3, folder: 'INBOX' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(parsed()[0]).toMatchObject({
      level: 'info',
      msg: 'Mailbox fetched',
      imported: 3,
      folder: 'INBOX',
      pid: process.pid,
    });
    expect(new Date(parsed()[0]!.time as string).toISOString()).toBe(parsed()[0]!.time);
  });

  it('keeps the app’s signature: the message first, the fields optional', () => {
    const { log, parsed } = capturing();
    log.debug('one');
    log.warn('two', { reason: 'x' });
    log.error('three', {});
    expect(parsed().map((line) => [line.level, line.msg])).toEqual([
      ['debug', 'one'],
      ['warn', 'two'],
      ['error', 'three'],
    ]);
  });

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at level %s writes only %j', (level, written) => {
    const { log, parsed } = capturing(level);
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(parsed().map((line) => line.level)).toEqual(written);
    expect(log.isLevelEnabled('debug')).toBe(level === 'debug');
  });

  it('redacts passwords, tokens, cookies, authorization, secrets, session ids and message bodies, also nested', () => {
    const { log, lines, parsed } = capturing();
    const secret = 'do-not-log-this-value';
    log.warn('careless caller', {
      password: secret,
      token: secret,
      accessToken: secret,
      authorization: `Bearer ${secret}`,
      cookie: `helpdesk.sid=${secret}`,
      sessionId: secret,
      secret,
      body: secret,
      request: { headers: { authorization: secret, cookie: secret, 'set-cookie': secret }, body: secret },
      smtp: { password: secret },
      message: { html: secret, text: secret },
      fine: 'kept',
    });
    expect(lines.join('')).not.toContain(secret);
    const [line] = parsed();
    expect(line).toMatchObject({
      password: REDACTED,
      authorization: REDACTED,
      body: REDACTED,
      smtp: { password: REDACTED },
      request: { headers: { cookie: REDACTED, 'set-cookie': REDACTED } },
      fine: 'kept',
    });
  });

  it('redacts in arrays and deeper objects too, and leaves the caller’s own object as it was', () => {
    const { log, lines, parsed } = capturing();
    const fields = {
      recipients: [{ address: 'kept@example.com', token: 'secret-in-an-array' }],
      a: { b: { c: { password: 'secret-three-levels-down' } } },
      when: new Date('2026-03-04T09:00:00Z'),
    };
    const copy = structuredClone(fields);
    log.info('nested', fields);
    expect(lines.join('')).not.toMatch(/secret-in-an-array|secret-three-levels-down/);
    expect(parsed()[0]).toMatchObject({
      recipients: [{ address: 'kept@example.com', token: REDACTED }],
      a: { b: { c: { password: REDACTED } } },
      when: '2026-03-04T09:00:00.000Z',
    });
    expect(fields).toEqual(copy);
  });

  describe('configureLogger', () => {
    // The setup file's capture is this file's destination: put it back after each test here.
    afterEach(() => captureLogLines());

    it('sets the level and destination of the app-wide logger every module imports', () => {
      const lines: string[] = [];
      configureLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } });
      logger.info('not written');
      logger.warn('written', { queue: 'email.send' });
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ level: 'warn', msg: 'written', queue: 'email.send' }),
      ]);
    });
  });
});
