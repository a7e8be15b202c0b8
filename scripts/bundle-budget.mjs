// After `vite build`: the JavaScript the sign-in page loads (index.html's module script and the
// chunks it preloads; every signed-in screen is a lazy chunk fetched after sign-in), gzipped, against
// the budget of 150 KB. Prints each file; exits non-zero over budget so a heavy import cannot slip in.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const PUBLIC_DIR = 'dist/public';
const BUDGET_KB = 150;

const html = fs.readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);
const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);

const kb = (bytes) => (bytes / 1024).toFixed(1);
function measure(url) {
  const content = fs.readFileSync(path.join(PUBLIC_DIR, url));
  return { url, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
}

const js = scripts.map(measure);
const css = styles.map(measure);
const totalJs = js.reduce((sum, file) => sum + file.gzip, 0);
console.log('\nSign-in route (first page load):');
for (const file of [...js, ...css])
  console.log(`  ${file.url}  ${kb(file.raw)} KB, ${kb(file.gzip)} KB gzip`);
console.log(`  JavaScript total: ${kb(totalJs)} KB gzip (budget ${BUDGET_KB} KB)`);
if (totalJs > BUDGET_KB * 1024) {
  console.error(`The sign-in route's JavaScript is over its ${BUDGET_KB} KB gzip budget.`);
  process.exit(1);
}
