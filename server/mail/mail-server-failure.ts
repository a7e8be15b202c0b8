/**
 * What SMTP and IMAP failures have in common when they are turned into one of the fixed outcomes
 * (MAIL_SERVER_OUTCOMES): the address rule's refusals, a TLS handshake or certificate that failed, a
 * connection that could not be made. The remote's own words never go into an outcome; they are only
 * logged (`detailOf`), for whoever runs the app.
 */
import type { MailServerOutcome } from '@shared/contracts/email-settings';
import { MailServerAddressError } from './mail-server-address';

/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** At most this much of a library's message is logged. */
const MAX_DETAIL_LENGTH = 300;

/** Node's and OpenSSL's codes of a failed TLS handshake or certificate check. */
const TLS_CODE = /^ERR_SSL_|^ERR_TLS_|CERT|^SELF_SIGNED|^UNABLE_TO_|^EPROTO$/;

/** System codes of a connection that could not be made (or was reset before anything was said). */
const CONNECT_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** An error's fields, read defensively. */
export interface FailureFields {
  code?: unknown;
  originalCode?: unknown;
  library?: unknown;
  tlsFailed?: unknown;
  message?: unknown;
  /** imapflow: the text of the server's NO or BAD answer. */
  responseText?: unknown;
}

export const fieldsOf = (error: unknown): FailureFields =>
  error !== null && typeof error === 'object' ? error : {};

const codesOf = (fields: FailureFields) =>
  [fields.code, fields.originalCode].filter((code): code is string => typeof code === 'string');

/** A failed TLS handshake, certificate check or required upgrade. */
export function isTlsFailure(error: unknown): boolean {
  const fields = fieldsOf(error);
  if (fields.tlsFailed === true || fields.library === 'SSL routines') return true;
  return codesOf(fields).some((code) => TLS_CODE.test(code));
}

/** A connection that could not be made: refused, unreachable, or a name that does not resolve. */
export const isConnectFailure = (error: unknown): boolean =>
  codesOf(fieldsOf(error)).some((code) => CONNECT_FAILURE_CODES.has(code));

/** The outcome of the address rule's refusal; undefined for any other error. */
export function addressOutcome(error: unknown): MailServerOutcome | undefined {
  if (!(error instanceof MailServerAddressError)) return undefined;
  return error.problem === 'not_allowed' ? 'addressNotAllowed' : 'couldNotConnect';
}

/** The library's own message (and the server's answer) on one line, for the log only: it may quote the remote. */
export function detailOf(error: unknown): string {
  const { message, responseText } = fieldsOf(error);
  const text = [typeof message === 'string' ? message : String(error), responseText]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(': ');
  return text.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, MAX_DETAIL_LENGTH);
}
