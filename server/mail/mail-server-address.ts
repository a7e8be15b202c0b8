/**
 * Where the app may connect out to a mail server: one rule for the SMTP server replies go through and
 * the IMAP mailbox tickets come from, whether an admin presses a test button or the reply sender and
 * the mailbox fetch connect in the background.
 *
 * Never to this machine (127.0.0.0/8, ::1, and 0.0.0.0/8 and ::, which reach it too) nor to a
 * link-local address (169.254.0.0/16, fe80::/10, where cloud metadata services answer), unless
 * MAIL_ALLOW_LOOPBACK_HOSTS allows them (the tests, an install whose mail server runs on the same
 * machine): otherwise the settings would let an admin probe the app's own database and the other
 * services that trust local connections. Private ranges (10/8, 172.16/12, 192.168/16, fc00::/7)
 * stay allowed: an IT team's mail server is often on one.
 *
 * A name is resolved once and every address it has is checked; the connection then goes to a checked
 * address, with the name kept for TLS (SNI and the certificate check), so a DNS answer that changes
 * between the check and the connection cannot get around the rule. The ranges are Node's own
 * `net.BlockList`, which also checks IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) as IPv4.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

export interface MailHostPolicy {
  /** MAIL_ALLOW_LOOPBACK_HOSTS: loopback and link-local addresses are allowed too. */
  allowLoopbackHosts: boolean;
}

const LOCAL_ADDRESSES = new net.BlockList();
LOCAL_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_ADDRESSES.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL_ADDRESSES.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL_ADDRESSES.addAddress('::1', 'ipv6');
LOCAL_ADDRESSES.addAddress('::', 'ipv6');
LOCAL_ADDRESSES.addSubnet('fe80::', 10, 'ipv6');

/** Whether an IP address is on this machine or link-local. */
export const isLocalAddress = (address: string): boolean =>
  LOCAL_ADDRESSES.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');

/** Why no address can be connected to: the rule refuses one, or the name did not resolve (in time). */
export type MailServerAddressProblem = 'not_allowed' | 'not_found';

export class MailServerAddressError extends Error {
  constructor(readonly problem: MailServerAddressProblem) {
    super(
      problem === 'not_allowed' ? 'The mail server address is not allowed' : 'The mail server was not found',
    );
    this.name = 'MailServerAddressError';
  }
}

export interface MailServerAddress {
  /** The checked IP address to connect to. */
  address: string;
  /** The host name, for TLS (SNI and the certificate check); undefined when the host is an address. */
  servername: string | undefined;
}

/** The host without the brackets of an IPv6 literal ("[::1]"). */
const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every address of `host`, IPv4 first (the one connected to is the first). */
async function addressesOf(host: string, timeoutMs: number): Promise<string[]> {
  const literal = unbracketed(host);
  if (net.isIP(literal)) return [literal];
  // getaddrinfo, as a connection by name would use: /etc/hosts, then DNS. A numeric shorthand such as
  // "127.1" comes back as the address it stands for, so it is checked too.
  const found = await withTimeout(dns.lookup(host, { all: true }), timeoutMs);
  return found.sort((a, b) => a.family - b.family).map((entry) => entry.address);
}

/**
 * The address to connect to for `host`, once every address it resolves to passed the rule. Throws a
 * MailServerAddressError when one does not, or when the name does not resolve within `timeoutMs`.
 */
export async function resolveMailServer(
  host: string,
  policy: MailHostPolicy,
  timeoutMs: number,
): Promise<MailServerAddress> {
  let addresses: string[];
  try {
    addresses = await addressesOf(host, timeoutMs);
  } catch {
    throw new MailServerAddressError('not_found');
  }
  if (addresses.length === 0) throw new MailServerAddressError('not_found');
  if (!policy.allowLoopbackHosts && addresses.some(isLocalAddress)) {
    throw new MailServerAddressError('not_allowed');
  }
  return { address: addresses[0]!, servername: net.isIP(unbracketed(host)) ? undefined : host };
}

/**
 * Whether saving `host` is refused by the rule. A name that does not resolve now is not refused:
 * saving never needs the server, and every connection checks again.
 */
export async function isRefusedMailHost(host: string, policy: MailHostPolicy, timeoutMs: number) {
  if (policy.allowLoopbackHosts) return false;
  try {
    await resolveMailServer(host, policy, timeoutMs);
    return false;
  } catch (error) {
    return error instanceof MailServerAddressError && error.problem === 'not_allowed';
  }
}
