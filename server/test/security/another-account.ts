import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Running a command as another account takes root (the suite runs as root here and in CI). */
export const canActAsAnotherAccount = process.getuid?.() === 0;

/** What another account of this machine got from the database: what it read, or the error it got. */
export interface AnotherAccountAttempt {
  rows?: unknown[];
  error?: string;
}

/**
 * Points `pg` at `connectionString` as the `nobody` account, with any user name and password (x / y),
 * as in issue 34's attack on the embedded database: it reads the users (emails and password hashes)
 * and makes them all admins.
 */
export function attackAsAnotherAccount(connectionString: string): Promise<AnotherAccountAttempt> {
  const script = `
    const pg = require(${JSON.stringify(require.resolve('pg'))});
    const { parse } = require(${JSON.stringify(require.resolve('pg-connection-string'))});
    const client = new pg.Client({ ...parse(process.argv[1]), user: 'x', password: 'y' });
    client.on('error', () => {});
    (async () => {
      await client.connect();
      const { rows } = await client.query('SELECT email, password FROM users');
      await client.query("UPDATE users SET role = 'admin'");
      console.log(JSON.stringify({ rows }));
      await client.end();
    })().catch((error) => console.log(JSON.stringify({ error: error.code ?? error.message })));
  `;
  return new Promise((resolve, reject) => {
    execFile(
      'runuser',
      ['-u', 'nobody', '--', process.execPath, '-e', script, connectionString],
      { timeout: 20_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as AnotherAccountAttempt)),
    );
  });
}
