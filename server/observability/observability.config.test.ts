import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('logging and metrics configuration', () => {
  it('when nothing is set, then lines from info up are written, and /metrics is off', () => {
    const config = loadConfig({});
    expect(config.logLevel).toBe('info');
    expect(config.metrics).toEqual({ token: undefined });
  });

  it.each(['debug', 'info', 'warn', 'error', 'silent'] as const)('LOG_LEVEL=%s is read', (level) => {
    expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it('when LOG_LEVEL is left empty (as copied from .env.example), then it is info', () => {
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
  });

  it.each(['verbose', 'INFO ', 'trace', '3'])(
    'when LOG_LEVEL is %j, then the configuration is refused, naming it and the levels it takes',
    (value) => {
      const problems = problemsOf({ LOG_LEVEL: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^LOG_LEVEL: /);
      for (const level of ['debug', 'info', 'warn', 'error', 'silent']) expect(problems[0]).toContain(level);
    },
  );

  it('when LOG_REQUESTS is unset, then requests are logged except in development; when set, as it says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logRequests).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).logRequests).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).logRequests).toBe(false);
    expect(loadConfig({}).logRequests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: 'false' }).logRequests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: '' }).logRequests).toBe(true);
    expect(problemsOf({ LOG_REQUESTS: 'sometimes' })[0]).toMatch(/^LOG_REQUESTS: /);
  });

  it('when METRICS_TOKEN is given, then /metrics is on with it (trimmed); empty means off', () => {
    expect(loadConfig({ METRICS_TOKEN: ' prometheus-scrape-0123 ' }).metrics.token).toBe(
      'prometheus-scrape-0123',
    );
    expect(loadConfig({ METRICS_TOKEN: '' }).metrics.token).toBeUndefined();
  });

  it.each([
    ['shorter than 16 characters', 'short-token', 'at least 16 characters'],
    ['with a space inside', 'prometheus scrape token', 'without spaces'],
    ['with a non-ASCII character', 'prometheus-scrapé-token', 'printable ASCII'],
  ])('when METRICS_TOKEN is %s, then the configuration is refused saying so', (_what, value, says) => {
    const problems = problemsOf({ METRICS_TOKEN: value });
    expect(problems).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)]);
    expect(problems[0]).toContain(says);
  });

  it('lists every bad logging and metrics setting at once', () => {
    const problems = problemsOf({ LOG_LEVEL: 'loud', LOG_REQUESTS: 'maybe', METRICS_TOKEN: 'x' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'LOG_REQUESTS',
      'METRICS_TOKEN',
    ]);
  });
});
