import crypto from 'node:crypto';

/**
 * A new Message-ID of ours, without the angle brackets: a random UUID at the domain of the From
 * address (RFC 5322 3.6.4: unique, and the right part names the sender's domain).
 */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1).toLowerCase() || 'localhost';
  return `${crypto.randomUUID()}@${domain}`;
}
