import type { Request } from 'express';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const LOOPBACK = /^(?:(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/i;

/** Headers a proxy adds when it passes on someone else's request. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from the machine itself: its TCP peer is a loopback address (the socket,
 * never req.ip, which trusts X-Forwarded-For behind TRUST_PROXY) and no proxy says it is passing on
 * someone else's request. Behind TRUST_PROXY every request comes through a proxy, so none counts.
 */
export function isFromThisMachine(req: Request, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  if (PROXY_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}
