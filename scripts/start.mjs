// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const outputs = ['dist/public/index.html', 'dist/server/index.js'];
const sources = ['client', 'server', 'shared', 'package.json', 'vite.config.ts', 'tailwind.config.ts'];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the app (first start, or the sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(path.resolve('dist/server/index.js'));
