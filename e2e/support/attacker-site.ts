import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A throwaway "attacker" web server for the CSRF tests: it serves whatever pages a test registers,
 * from another origin than the app's. On 127.0.0.1 with its own port it is same-site with the app
 * (cookies with SameSite=Lax still go along, so only the server's origin check stands in the way);
 * reached as http://localhost:PORT it is cross-site as well.
 */
export interface AttackerSite {
  /** http://127.0.0.1:PORT: another origin, the same site as the app. */
  sameSiteOrigin: string;
  /** http://localhost:PORT: another origin and another site. */
  crossSiteOrigin: string;
  /** Serves `html` at `path` (no CSP, no other headers: inline scripts run). */
  page(path: string, html: string): void;
  stop(): Promise<void>;
}

export async function startAttackerSite(): Promise<AttackerSite> {
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://attacker.invalid').pathname);
    if (html === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    sameSiteOrigin: `http://127.0.0.1:${port}`,
    crossSiteOrigin: `http://localhost:${port}`,
    page: (path, html) => pages.set(path, html),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that submits a form by itself as soon as it loads: the classic CSRF. */
export function autoSubmitForm(
  action: string,
  fields: Record<string, string>,
  enctype = 'application/x-www-form-urlencoded',
): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><title>You won a prize</title>
<form id="f" method="POST" action="${escapeHtml(action)}" enctype="${enctype}">${inputs}</form>
<script>document.getElementById('f').submit();</script>`;
}

/** A page whose script sends requests by itself; `document.title` says when they are done. */
export function scriptedPage(script: string): string {
  return `<!doctype html><title>loading</title>
<script>(async () => {
  const results = [];
  ${script}
  document.title = 'done: ' + results.join(' | ');
})();</script>`;
}
