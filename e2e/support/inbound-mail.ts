import { appUnderTest } from './app';
import type { InboundEmailResponse } from '@shared/contracts/inbound';

/** POST /api/inbound/email as the mail pipeline does: the bearer token, JSON or a raw message. */
async function post(body: string, contentType: string): Promise<InboundEmailResponse> {
  const response = await fetch(`${appUnderTest().baseURL}/api/inbound/email`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${appUnderTest().inboundToken}`, 'Content-Type': contentType },
    body,
  });
  const text = await response.text();
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`inbound email answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as InboundEmailResponse;
}

export interface InboundJsonMail {
  subject: string;
  body: string;
  from: string;
  from_name?: string;
  /** The addresses it was sent to (issue 39: a group's address opens the ticket in the group). */
  to?: string | string[];
  received?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; size: number }[];
}

export const sendJsonMail = (mail: InboundJsonMail) =>
  post(JSON.stringify({ received: new Date().toISOString(), ...mail }), 'application/json');

export const sendRawMail = (raw: string) => post(raw, 'message/rfc822');

/** An RFC 2047 encoded-word: any text, safely inside a header field. */
export const encodedWord = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** An RFC 2231 parameter value (filename*=): any text, percent-encoded. */
export const rfc2231 = (text: string) =>
  `UTF-8''${encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
