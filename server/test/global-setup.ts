import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../db/migrate';

/**
 * With a PostgreSQL server (TEST_DATABASE_URL or DATABASE_URL), builds one migrated template
 * database; every test file then gets its own copy of it (see test-database.ts). Without one, each
 * test file starts its own in-memory embedded database instead and nothing is needed here.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) return;
  const template = `helpdesk_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 2 });
  await runMigrations(pool, { lock: false });
  await pool.end();
  project.provide('testDatabase', { serverUrl, template });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `helpdesk_test_${process.pid}_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { serverUrl: string; template: string } | undefined;
  }
}
