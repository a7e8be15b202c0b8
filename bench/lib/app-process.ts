/** Starts the app as a child process against a benchmark's database, in production mode. */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

export interface AppProcess {
  port: number;
  /** The processes that serve requests (the workers when the app runs as a cluster). */
  pids: number[];
  /** Lines the app logged so far (its errors, e.g. a pool timeout under overload), at most LOG_LINES_KEPT. */
  logged(): { lines: string[]; total: number };
  /** Stops the app and waits for its process to end. */
  stop(): Promise<void>;
}

const SERVE_APP = fileURLToPath(new URL('./serve-app.ts', import.meta.url));
const LOG_LINES_KEPT = 20;

/**
 * Runs bench/lib/serve-app.ts with the TypeScript loader this process runs under (tsx), so the app
 * runs from source, not from the esbuild bundle. `env` adds or overrides settings.
 */
export function startApp(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Writes a V8 CPU profile of the app (a .cpuprofile file) into this folder when it stops. */
  profileDir?: string;
}): Promise<AppProcess> {
  const profiling = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
  const child = fork(SERVE_APP, [], {
    execArgv: [...process.execArgv, ...profiling],
    // The app's log is collected, not printed: under overload it repeats one error per request.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      HARVEST_SYNC_ENABLED: 'false',
      LOG_REQUESTS: 'false',
      ...options.env,
    },
  });
  const lines: string[] = [];
  let total = 0;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      total++;
      if (lines.length < LOG_LINES_KEPT) lines.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the app exited with ${code} before listening:\n${lines.join('\n')}`)),
    );
    child.once('message', (message: { port: number; pids: number[] }) =>
      resolve({
        port: message.port,
        pids: message.pids,
        logged: () => ({ lines: [...lines], total }),
        async stop() {
          if (child.connected) child.disconnect();
          await exited;
        },
      }),
    );
  });
}
