/**
 * A webhook's signing secret and the signature of each delivery (issue 43): `t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<body>">`, the scheme Stripe made familiar. The time is inside what is
 * signed, so a receiver can refuse an old delivery replayed later; a receiver checks it with its own
 * few lines (the README's recipe), never with this module.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@shared/contracts/webhooks';

/** 32 random bytes, base64url, after the prefix. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The X-Helpdesk-Signature header of `body` signed at `at`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The sealing context of a webhook's secret: a sealed secret cannot be moved to another webhook. */
export const secretContext = (webhookId: string) => `webhook-secret:${webhookId}`;
