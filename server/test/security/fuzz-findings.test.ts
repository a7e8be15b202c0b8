/**
 * What the fuzzer found, pinned as plain examples so each stays fixed whatever seed the fuzzer draws.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPayload, rawMessage } from '../support/inbound';
import { sendRaw, type RawRequest } from './raw-request';
import { INBOUND_TOKEN, startSecurityFixture, type SecurityFixture } from './security-fixture';

let fx: SecurityFixture;
beforeAll(async () => {
  fx = await startSecurityFixture();
});
afterAll(() => fx.close());

const asAdmin = (request: RawRequest) =>
  sendRaw(fx.baseUrl, { ...request, headers: { cookie: fx.admin.cookie, ...request.headers } });

describe('requests Express itself refuses', () => {
  it.each(['/api/tickets/%', '/api/tickets/%E0%A4%A/notes', '/api/settings/%zz', '/api/harvest/tasks/%'])(
    'when the path %s is not valid percent-encoding, then 400 saying so (was "could not be processed")',
    async (target) => {
      const res = await asAdmin({ method: target.endsWith('notes') ? 'POST' : 'GET', target });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ message: 'The request path is not valid percent-encoding' });
    },
  );

  it.each(['gzip', 'deflate', 'br'])(
    'when a body is declared %s but is not, then 400 saying it does not decompress (was "could not be processed")',
    async (encoding) => {
      const res = await asAdmin({
        method: 'POST',
        target: '/api/tickets',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"subject":"x"}',
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        message: 'The request body could not be decompressed as its Content-Encoding says',
      });
    },
  );

  it('when a form has more than 1000 fields, then 413 saying so (was "could not be processed")', async () => {
    const res = await asAdmin({
      method: 'POST',
      target: '/api/tickets',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Array.from({ length: 1_500 }, (_, i) => `f${i}=1`).join('&'),
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ message: 'The request body has too many form fields' });
  });
});

describe('Harvest credentials', () => {
  it.each([
    ['a NUL character', '\u0000'],
    ['a control character', 'abc\u0007def'],
    ['an emoji', 'token😀'],
  ])(
    'when the access token holds %s, then 400 naming it and Harvest is not asked (was 503 "Could not reach Harvest")',
    async (_what, accessToken) => {
      fx.fake.controls.clearRequests();
      const res = await asAdmin({
        method: 'POST',
        target: '/api/settings',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'harvest_credentials', value: { accountId: '1234567', accessToken } }),
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        fieldErrors: {
          'value.accessToken': ['Access token must contain only ASCII letters, digits and punctuation'],
        },
      });
      expect(fx.fake.controls.requests()).toHaveLength(0);
    },
  );
});

describe('inbound email header fields named like Object members', () => {
  const asWebhook = (contentType: string, body: string) =>
    sendRaw(fx.baseUrl, {
      method: 'POST',
      target: '/api/inbound/email',
      headers: { authorization: `Bearer ${INBOUND_TOKEN}`, 'content-type': contentType },
      body,
    });

  it.each(['constructor', 'Constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'when the JSON payload has a header field %s, then the mail is accepted ("constructor" was a 500)',
    async (name) => {
      const payload = emailPayload({ headers: { [name]: 'x', 'Message-ID': `<${crypto.randomUUID()}@x>` } });
      const res = await asWebhook('application/json', JSON.stringify(payload));
      expect(res.status).toBe(201);
    },
  );

  it.each(['constructor', '__proto__', 'valueOf'])(
    'when a raw message has a header field %s, then the mail is accepted ("constructor", "__proto__" were 500s)',
    async (name) => {
      const mail = rawMessage({
        From: 'Jo <jo.fields@contoso.com>',
        Subject: `Header ${name}`,
        'Message-ID': `<${crypto.randomUUID()}@x>`,
        [name]: 'x',
      });
      const res = await asWebhook('message/rfc822', mail.toString());
      expect(res.status).toBe(201);
    },
  );
});
