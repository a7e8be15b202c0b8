// After `vite build`: the JavaScript each page's first load fetches (its module script and the chunks
// it preloads), gzipped, against its budget. The agents' sign-in page (index.html: every signed-in
// screen is a lazy chunk fetched after sign-in) has 150 KB; the requesters' portal (portal.html, its
// own build, issue 41) has 120 KB. Prints each file; exits non-zero over a budget so a heavy import
// cannot slip in.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const PUBLIC_DIR = 'dist/public';
const PAGES = [
  { file: 'index.html', title: 'Sign-in route (first page load)', budgetKb: 150 },
  { file: 'portal.html', title: 'Portal (first page load)', budgetKb: 120 },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);
function measure(url) {
  const content = fs.readFileSync(path.join(PUBLIC_DIR, url));
  return { url, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
}

let over = false;
for (const page of PAGES) {
  const html = fs.readFileSync(path.join(PUBLIC_DIR, page.file), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1],
  );

  const js = scripts.map(measure);
  const css = styles.map(measure);
  const totalJs = js.reduce((sum, file) => sum + file.gzip, 0);
  console.log(`\n${page.title}:`);
  for (const file of [...js, ...css])
    console.log(`  ${file.url}  ${kb(file.raw)} KB, ${kb(file.gzip)} KB gzip`);
  console.log(`  JavaScript total: ${kb(totalJs)} KB gzip (budget ${page.budgetKb} KB)`);
  if (totalJs > page.budgetKb * 1024) {
    console.error(`${page.file}'s JavaScript is over its ${page.budgetKb} KB gzip budget.`);
    over = true;
  }
}
if (over) process.exit(1);
