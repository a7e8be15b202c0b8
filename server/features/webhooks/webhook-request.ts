/**
 * One delivery attempt: a POST to the webhook's URL, over the address the SSRF rule checked (the
 * rule of the mail connections, server/mail/mail-server-address.ts: never this machine or link-local
 * unless WEBHOOK_ALLOW_LOOPBACK_HOSTS), the name kept for TLS. node:http follows no redirect, and a
 * 3xx counts as a failure. A 2xx within WEBHOOK_LIMITS.timeoutSeconds is delivered.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@shared/contracts/webhooks';
import { MailServerAddressError, resolveMailServer } from '../../mail/mail-server-address';

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  /** Why it failed, short enough to show (null when delivered). */
  error: string | null;
  durationMs: number;
}

const DNS_TIMEOUT_MS = 5_000;
// Keep-alive: a busy webhook's deliveries reuse one connection instead of a handshake each.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }),
};

/** Where `url` may be POSTed to under the rule, or the reason it may not. */
export async function checkedAddress(
  url: URL,
  policy: { allowLoopbackHosts: boolean },
): Promise<{ address: string; servername: string | undefined } | { refused: string }> {
  try {
    return await resolveMailServer(url.hostname, policy, DNS_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof MailServerAddressError && error.problem === 'not_allowed') {
      return { refused: WEBHOOK_MESSAGES.urlNotAllowed };
    }
    return { refused: `The host ${url.hostname} was not found` };
  }
}

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, WEBHOOK_LIMITS.errorText);

/** POSTs `body` with `headers` to `url`; never throws. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: { allowLoopbackHosts: boolean },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const checked = await checkedAddress(target, policy);
  if ('refused' in checked)
    return { delivered: false, statusCode: null, error: checked.refused, durationMs: 0 };
  const family = net.isIPv6(checked.address) ? 6 : 4;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: agents[target.protocol as keyof typeof agents],
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        // The connection goes to the checked address whatever DNS answers now.
        lookup: (_host, options, callback) =>
          options.all
            ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
                { address: checked.address, family },
              ])
            : callback(null, checked.address, family),
        ...(checked.servername ? { servername: checked.servername } : {}),
        signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutSeconds * 1000),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_LIMITS.errorText) text += chunk;
        });
        // The answer cut off (the time ran out while it streamed): a failed attempt.
        response.on('error', () =>
          resolve({
            delivered: false,
            statusCode: status,
            error: WEBHOOK_MESSAGES.timedOut,
            durationMs: elapsed(),
          }),
        );
        response.on('end', () => {
          const delivered = status >= 200 && status < 300;
          const error = delivered
            ? null
            : status >= 300 && status < 400
              ? WEBHOOK_MESSAGES.redirectNotFollowed(status)
              : clip(`Answered ${status}${text ? `: ${text}` : ''}`);
          resolve({ delivered, statusCode: status, error, durationMs: elapsed() });
        });
      },
    );
    request.on('error', (error: Error) => {
      const timedOut = error.name === 'TimeoutError' || error.name === 'AbortError';
      resolve({
        delivered: false,
        statusCode: null,
        error: timedOut ? WEBHOOK_MESSAGES.timedOut : clip(error.message),
        durationMs: elapsed(),
      });
    });
    request.end(body);
  });
}
