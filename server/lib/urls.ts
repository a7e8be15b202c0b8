/**
 * A URL without its trailing slashes. A loop, not `/\/+$/`: that pattern retries from every slash of
 * a long run and takes quadratic time (20,000 slashes: 0.8 s).
 */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * The app's address for links it hands out: PUBLIC_URL when set, else the address the request came
 * to. Only for requests whose Host the app can trust: a signed-in admin's same-origin write (the CSRF
 * check compared its Origin with this address). Links emailed on behalf of a stranger (password
 * resets) must not come from here: a forged Host would point the link elsewhere.
 */
export function requestBaseUrl(
  req: { protocol: string; get(name: string): string | undefined },
  publicUrl: string | undefined,
): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/**
 * The app's address from its configuration alone: PUBLIC_URL, else where this process listens. For
 * links emailed at a stranger's request (password resets), where the request's Host cannot be trusted.
 */
export function configuredBaseUrl(config: { publicUrl: string | undefined; host: string; port: number }) {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
