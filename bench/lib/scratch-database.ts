/**
 * A benchmark's own PostgreSQL database: created before the run and dropped after it. Only a database
 * on this machine whose name contains "bench" is accepted, so a benchmark can never drop real data.
 */
import pg from 'pg';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const SCRATCH_NAME = /^[a-z0-9_]*bench[a-z0-9_]*$/;

export interface ScratchDatabase {
  /** The connection string of the scratch database. */
  url: string;
  name: string;
  /** True when the database was kept from an earlier run (`keep`) instead of created empty. */
  reused: boolean;
  /** Drops the database, unless it is to be kept. */
  close(): Promise<void>;
}

/** DATABASE_URL when given, else the default; throws unless it names a loopback "bench" database. */
export function scratchDatabaseUrl(defaultUrl: string): URL {
  const url = new URL(process.env.DATABASE_URL ?? defaultUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!LOOPBACK_HOSTS.has(url.hostname) || !SCRATCH_NAME.test(name)) {
    throw new Error(
      `DATABASE_URL must name a scratch database on this machine whose name contains "bench" (got ${url.host}/${name})`,
    );
  }
  return url;
}

async function withAdmin<T>(url: URL, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the scratch database empty (dropping a leftover one). With `keep`, an existing database is
 * reused and left in place afterwards, so a slow seed need not be repeated between runs.
 */
export async function openScratchDatabase(url: URL, options: { keep: boolean }): Promise<ScratchDatabase> {
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!SCRATCH_NAME.test(name)) throw new Error(`not a scratch database name: ${name}`);
  const reused = await withAdmin(url, async (admin) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (options.keep && rowCount === 1) return true;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return false;
  });
  return {
    url: url.toString(),
    name,
    reused,
    async close() {
      if (options.keep) return;
      await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A pool on the scratch database. pg's `pool.end()` resolves before its connections have closed, so
 * dropping the database right after can reach an idle connection first; without a listener that
 * connection's error would end the process.
 */
export function scratchPool(url: string, options: Omit<pg.PoolConfig, 'connectionString'> = {}): pg.Pool {
  const pool = new pg.Pool({ ...options, connectionString: url });
  pool.on('error', (error) => {
    if (!pool.ending) console.error(`idle connection to the scratch database failed: ${error.message}`);
  });
  return pool;
}
