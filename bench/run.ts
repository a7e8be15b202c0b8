/**
 * `npm run bench`: runs every benchmark (each bench/*.ts file but this one) in turn, or only those
 * named, e.g. `npm run bench -- tickets`. Each runs as its own process under the same TypeScript
 * loader; settings pass through the environment (see each file's header). Exits non-zero when any
 * benchmark fails.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const THIS_FILE = path.basename(fileURLToPath(import.meta.url));

const available = fs
  .readdirSync(BENCH_DIR)
  .filter((file) => file.endsWith('.ts') && file !== THIS_FILE)
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const requested = process.argv.slice(2).map((name) => name.replace(/\.ts$/, ''));
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

function run(name: string): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(BENCH_DIR, `${name}.ts`)], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const failed: string[] = [];
for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n### bench/${name}.ts\n`);
  const started = performance.now();
  const code = await run(name);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(
    `\n### bench/${name}.ts ${code === 0 ? 'finished' : `failed (exit ${code})`} in ${minutes} min`,
  );
  if (code !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
