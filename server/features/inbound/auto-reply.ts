import type { InboundIgnoreReason } from '@shared/contracts/inbound';
import type { InboundMessage } from './inbound-message';

/** Precedence values that mark mass or list mail (RFC 2076; RFC 3834 §2). */
const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list']);
/** Local parts that send bounces and other reports (RFC 2142, RFC 3464). */
const SYSTEM_SENDERS = new Set(['mailer-daemon', 'postmaster']);
/** Values that say a vendor's auto-reply flag is off. */
const FLAG_OFF = new Set(['no', 'false', '0']);

/** A header's first token, lower-cased: `auto-replied; reason=vacation` is `auto-replied`. */
const token = (value: string) => value.split(';')[0]!.trim().toLowerCase();

function headerReason(headers: InboundMessage['headers']): InboundIgnoreReason | undefined {
  const autoSubmitted = headers['auto-submitted'] ?? [];
  if (autoSubmitted.some((value) => token(value) !== 'no')) return 'auto_submitted';
  if ((headers['x-autoreply'] ?? []).some((value) => !FLAG_OFF.has(token(value)))) return 'x_autoreply';
  if ((headers['x-autorespond'] ?? []).some((value) => !FLAG_OFF.has(token(value)))) return 'x_autorespond';
  if ((headers['precedence'] ?? []).some((value) => BULK_PRECEDENCE.has(token(value)))) return 'precedence';
  return undefined;
}

/**
 * Why a message must not become a ticket or a note: an auto-reply (vacation notices, bounces) or a
 * loop (our own mail coming back, system senders). Replying to these with tickets would let two
 * auto-responders feed each other. Undefined for ordinary mail.
 */
export function autoReplyReason(
  message: Pick<InboundMessage, 'from' | 'headers'>,
  supportAddress: string | undefined,
): InboundIgnoreReason | undefined {
  const address = message.from.address.toLowerCase();
  if (supportAddress && address === supportAddress.toLowerCase()) return 'own_address';
  if (SYSTEM_SENDERS.has(address.slice(0, address.lastIndexOf('@')))) return 'mailer_daemon';
  return headerReason(message.headers);
}
