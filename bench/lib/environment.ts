/** What a bench ran on, printed with its figures: the machine, Node and PostgreSQL, and the app's run. */
import os from 'node:os';
import type pg from 'pg';

export async function benchEnvironment(
  pool: pg.Pool,
  app?: { poolSize: number; seconds: number; warmupSeconds: number },
): Promise<string> {
  const { rows } = await pool.query<{ version: string; shared_buffers: string; work_mem: string }>(
    `SELECT split_part(version(), ' on ', 1) AS version, current_setting('shared_buffers') AS shared_buffers,
            current_setting('work_mem') AS work_mem`,
  );
  const pgInfo = rows[0]!;
  return [
    `CPU: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, RAM ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `load average ${os.loadavg()[0]?.toFixed(1)} (other work on the machine skews the figures)`,
    `Node ${process.version}; ${pgInfo.version} (shared_buffers ${pgInfo.shared_buffers}, work_mem ${pgInfo.work_mem})`,
    ...(app
      ? [
          `App: NODE_ENV=production, from source via tsx, DB_POOL_SIZE=${app.poolSize}; ` +
            `${app.seconds} s per case after ${app.warmupSeconds} s warm-up`,
        ]
      : []),
  ].join('\n');
}
