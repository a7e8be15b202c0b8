/** A small structured logger: one line per event, JSON in production, readable in development. */
type Level = 'debug' | 'info' | 'warn' | 'error';

const json = process.argv.includes('--json-logs');

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  const line = json
    ? JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })
    : `[${level}] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
  (level === 'error' || level === 'warn' ? console.error : console.log)(line);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
