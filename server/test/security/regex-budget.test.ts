/**
 * Every regular expression and parser that reads what others send (inbound mail and its headers,
 * request bodies and headers, Harvest's answers, legacy notes, the server's error text in the SPA)
 * must take time linear in the length of its input: one that backtracks quadratically lets a single
 * request stall the whole process (a `received` date followed by 200,000 spaces took 28 s).
 *
 * Each case runs its function on a hostile input of up to a megabyte under a hard deadline of 5 s.
 * Linear work takes milliseconds on it (a few hundred at most); quadratic backtracking takes many
 * minutes (the date pattern before the fix: about 18 on a megabyte of spaces), so a pattern that
 * regresses fails here deterministically, in seconds.
 *
 * Not listed, as they read only what the operator or the code itself writes: server/config.ts (the
 * environment), the fake Harvest server's routes, and the error handler's anchored
 * `/^(Z_|ERR__ERROR_)/` on library codes. (Trailing slashes of configured URLs are cut by a loop,
 * server/lib/urls.ts: `/\/+$/` took 0.8 s on 20,000 slashes.)
 */
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { isUnauthorizedError } from '@/lib/api-client';
import { dayOfBound } from '@/lib/ticket-list/ticket-list-filters';
import { harvestIdSchema } from '@shared/contracts/harvest';
import {
  base64ByteLength,
  inboundEmailSchema,
  parseEmailDate,
  parseMailbox,
} from '@shared/contracts/inbound';
import { harvestCredentialsInputSchema } from '@shared/contracts/settings';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { csvField, csvFilename } from '@shared/csv';
import { parseNotes } from '@shared/notes';
import { retryAfterSeconds } from '../../harvest/retry-after';
import { contentDisposition, servedContentType } from '../../core/conversation/attachment-download';
import { autoReplyReason } from '../../features/inbound/auto-reply';
import { requireInboundToken } from '../../features/inbound/inbound-auth';
import { addressesIn, normalizeMessageId } from '../../features/inbound/inbound-message';
import { readDeliveryReport, fieldBlocks } from '../../features/inbound/delivery-report';
import { parseMimeEmail } from '../../features/inbound/mime-email';
import { referencedMessageIds } from '../../features/inbound/referenced-messages';
import { ticketNumbersIn } from '../../lib/reply-subject';
import { bodyToText, HTML_MAX_DEPTH, looksLikeHtml } from '../../lib/body-text';
import { lowerBound } from '../../features/tickets/ticket-list-criteria';
import { escapeLikePattern } from '../../lib/like-pattern';
import { renderCannedResponse, unknownPlaceholders } from '@shared/contracts/canned-responses';
import { findMentionedUserIds, mentionQueryAt } from '@shared/mentions';
import { parseTicketSearch } from '../../features/tickets/ticket-search';
import { isDatabaseUnavailable, pgErrorCode } from '../../lib/pg-errors';
import { HOSTILE_INPUT_DEADLINE_MS, withinDeadline } from './time-budget';

/** About a megabyte: linear work takes milliseconds on it, quadratic work many minutes. */
const N = 1_000_000;
const run = (unit: string, length = N) => unit.repeat(Math.ceil(length / unit.length));

const DATE = '01 Jan 2026 10:00';

function authorize(header: string): boolean {
  const middleware = requireInboundToken('inbound-secret');
  const req = { get: () => header } as unknown as Request;
  const res = { set: () => res } as unknown as Response;
  try {
    middleware(req, res, () => undefined);
    return true;
  } catch {
    return false;
  }
}

const harvestId = (value: string) => harvestIdSchema('Project').safeParse(value);

/** [what reads the input, the hostile input, the call]. */
type Case = [string, string, (input: string) => unknown];

const dateCases: Case[] = [
  ['parseEmailDate: spaces, then junk (the reported one)', DATE + run(' ') + 'x', parseEmailDate],
  ['parseEmailDate: spaces, then a zone', DATE + run(' ') + '+0000', parseEmailDate],
  ['parseEmailDate: spaces, then a comment', DATE + run(' ') + '(UTC)', parseEmailDate],
  ['parseEmailDate: spaces before the time', '01 Jan 2026' + run(' ') + 'x', parseEmailDate],
  ['parseEmailDate: spaces after the weekday', 'Sun,' + run(' ') + 'x', parseEmailDate],
  ['parseEmailDate: an unclosed comment', DATE + ' (' + run('('), parseEmailDate],
  ['parseEmailDate: a comment of parentheses', DATE + run(' ()') + 'x', parseEmailDate],
  ['parseEmailDate: a comment of tabs and spaces', DATE + ' (' + run(' \t') + ')x', parseEmailDate],
  ['parseEmailDate: digits after an ISO time', '2026-03-01T09:30:00' + run('0'), parseEmailDate],
  ['parseEmailDate: an ISO fraction', '2026-03-01T09:30:00.' + run('1') + 'x', parseEmailDate],
  ['parseEmailDate: whitespace only', run(' \t\n'), parseEmailDate],
];

const inboundCases: Case[] = [
  ['parseMailbox: angle brackets', run('<'), parseMailbox],
  ['parseMailbox: one open bracket', '<' + run('a'), parseMailbox],
  ['parseMailbox: words and brackets', run('a<') + '>', parseMailbox],
  ['parseMailbox: pairs of brackets, then junk', run('<>') + 'x', parseMailbox],
  ['parseMailbox: a quoted name of quotes', run('"') + ' <a@contoso.com>', parseMailbox],
  ['parseMailbox: a name of backslashes', run('\\') + ' <a@contoso.com>', parseMailbox],
  ['parseMailbox: address characters without an @', run('a.'), parseMailbox],
  ['normalizeMessageId: angle brackets', run('<'), normalizeMessageId],
  ['normalizeMessageId: a bracket, then closing ones and junk', '<' + run('>') + 'x', normalizeMessageId],
  ['ticketNumbersIn: one long number', 'T-' + run('1'), ticketNumbersIn],
  ['ticketNumbersIn: numbers glued together', run('T-1'), ticketNumbersIn],
  ['ticketNumbersIn: numbers glued to words', run('xT-12'), ticketNumbersIn],
  ['ticketNumbersIn: dashes', run('-T-'), ticketNumbersIn],
  [
    'referencedMessageIds: unclosed brackets',
    run('<a'),
    (value) => referencedMessageIds({ references: [value] }),
  ],
  [
    'referencedMessageIds: one unclosed id',
    '<' + run('a'),
    (value) => referencedMessageIds({ 'in-reply-to': [value] }),
  ],
  ['referencedMessageIds: many ids', run('<a@b> '), (value) => referencedMessageIds({ references: [value] })],
  [
    'autoReplyReason: header values of separators',
    run(';'),
    (value) =>
      autoReplyReason(
        {
          from: { address: 'a@contoso.com', name: 'a' },
          headers: { precedence: [value], 'x-autoreply': [value] },
        },
        undefined,
      ),
  ],
  ['addressesIn: commas', run(','), (value) => addressesIn([value])],
  ['addressesIn: angle brackets and commas', run('<a,'), (value) => addressesIn([value])],
  ['fieldBlocks (bounces): folded lines', 'Status: 5' + run('\n '), fieldBlocks],
  ['fieldBlocks (bounces): colons and blank lines', run(':\n\n'), fieldBlocks],
  [
    'readDeliveryReport: a status part of one long diagnostic',
    'Action: failed\nDiagnostic-Code: smtp;' + run(' ;'),
    (text) =>
      readDeliveryReport([{ contentType: 'message/delivery-status', content: Buffer.from(text) }], {}),
  ],
  [
    'readDeliveryReport: a returned message of brackets',
    'Message-ID: ' + run('<'),
    (text) => readDeliveryReport([{ contentType: 'text/rfc822-headers', content: Buffer.from(text) }], {}),
  ],
  ['base64ByteLength (JSON attachments): line breaks', run('QUJD\r\n'), base64ByteLength],
  ['base64ByteLength (JSON attachments): base64, then junk', run('A') + '=x', base64ByteLength],
  ['servedContentType (downloads): a type of slashes', run('a/'), servedContentType],
  [
    'contentDisposition (downloads): a name of quotes and breaks',
    run('"\r\n\\%é'),
    (name) => contentDisposition('attachment', name),
  ],
  ['requireInboundToken: spaces after the scheme', 'Bearer' + run(' ') + 'x y', authorize],
  ['requireInboundToken: a token, then spaces and junk', 'Bearer ' + run('a') + run(' ') + 'b', authorize],
  ['requireInboundToken: tabs and spaces', 'Bearer' + run(' \t'), authorize],
  [
    'inboundEmailSchema: every text field hostile',
    run(' '),
    (spaces) =>
      inboundEmailSchema.safeParse({
        subject: spaces + 'x',
        body: spaces + 'x',
        from: spaces + run('<'),
        from_name: spaces,
        received: DATE + spaces + 'x',
        headers: { 'X-A': spaces },
        attachments: [{ filename: spaces + '\uD800', contentType: spaces, size: 1 }],
      }),
  ],
];

const bodyCases: Case[] = [
  ['looksLikeHtml: a tag left open with spaces', '<div' + run(' '), looksLikeHtml],
  ['looksLikeHtml: tags left open', run('<a '), looksLikeHtml],
  ['looksLikeHtml: a doctype of spaces', '<!doctype' + run(' ') + 'x', looksLikeHtml],
  ['looksLikeHtml: a tag with a long attribute', '<div ' + run('x') + '/', looksLikeHtml],
  ['looksLikeHtml: closing brackets', run('</'), looksLikeHtml],
  ['bodyToText: carriage returns', run('\r'), bodyToText],
  ['bodyToText: HTML of line breaks', '<p>' + run('\n'), bodyToText],
  // html-to-text takes about 2 µs a character on wide HTML: this case is as long as a body may be.
  ['bodyToText: HTML of empty paragraphs', run('<p></p>', TICKET_LIMITS.body), bodyToText],
  ['bodyToText: 200,000 nested elements', run('<div>') + 'x', bodyToText],
  ['bodyToText: nested inline elements', run('<b><i>') + 'x', bodyToText],
  [
    'bodyToText: nesting at the limit, then stray closing tags',
    '<div>'.repeat(HTML_MAX_DEPTH - 1) + run('</span>'),
    bodyToText,
  ],
  ['bodyToText: an unclosed comment', '<p>x<!--' + run('<div>'), bodyToText],
  ['bodyToText: an unclosed script', '<p>x<script>' + run('<div>'), bodyToText],
  ['bodyToText: an unclosed attribute', '<div title="' + run('<div>'), bodyToText],
  ['parseNotes: a blank line of spaces, unclosed', '\n' + run(' ') + 'x', (raw) => parseNotes(raw)],
  ['parseNotes: line breaks and tabs', run('\n\t'), (raw) => parseNotes(raw)],
  ['parseNotes: carriage returns', run('\r'), (raw) => parseNotes(raw)],
];

const placeholderValues = {
  requester: { name: 'Dana Kim', email: 'dana@contoso.com' },
  ticket: { number: 'T-1', subject: 'Printer' },
  agent: { firstName: 'Priya', lastName: 'Patel' },
};
const mentionCandidates = Array.from({ length: 50 }, (_, index) => ({
  id: String(index),
  firstName: index === 0 ? 'Priya' : `Agent${index}`,
  lastName: index === 0 ? 'Patel' : `Person${index}`,
}));

const otherCases: Case[] = [
  ['retryAfterSeconds: spaces, then junk', run(' ') + 'x', (header) => retryAfterSeconds(header)],
  ['retryAfterSeconds: digits, then junk', run('1') + 'x', (header) => retryAfterSeconds(header)],
  [
    'retryAfterSeconds: HTTP dates glued together',
    run('Fri, 20 Nov 2026 12:00:30 GMT'),
    (header) => retryAfterSeconds(header),
  ],
  ['harvestIdSchema: spaces around digits, then junk', run(' ') + run('1') + run(' ') + 'x', harvestId],
  [
    'harvestCredentialsInputSchema: long fields',
    run('1'),
    (digits) =>
      harvestCredentialsInputSchema.safeParse({ accountId: digits + 'x', accessToken: digits + ' \u00e9' }),
  ],
  ['csvField: a formula of dashes', run('-'), csvField],
  ['csvField: quotes', run('"'), csvField],
  ['csvFilename: dashes and letters', run('-a-'), (part) => csvFilename([part, run('-')], '2026-03-01')],
  ['escapeLikePattern: wildcards', run('%_\\', 250_000), escapeLikePattern],
  ['unknownPlaceholders: braces and spaces, unclosed', '{{' + run(' '), unknownPlaceholders],
  ['unknownPlaceholders: opening braces', run('{{'), unknownPlaceholders],
  [
    'renderCannedResponse: placeholders glued together',
    run('{{ticket.number}}'),
    (body) => renderCannedResponse(body, placeholderValues),
  ],
  // A note is at most 10,000 characters; a megabyte of @s is far beyond what the server accepts.
  ['findMentionedUserIds: at signs', run('@ '), (text) => findMentionedUserIds(text, mentionCandidates)],
  [
    'findMentionedUserIds: a name again and again',
    run('@Priya Patel '),
    (text) => findMentionedUserIds(text, mentionCandidates),
  ],
  ['mentionQueryAt (SPA): at signs', run('@a'), (text) => mentionQueryAt(text, text.length)],
  ['parseTicketSearch: quotes and dashes', run('-"'), parseTicketSearch],
  ['parseTicketSearch: a long word of digits', run('1') + 'x', parseTicketSearch],
  ['lowerBound (ticket list dates): digits', run('1'), lowerBound],
  ['dayOfBound (SPA ticket list dates): digits', run('1'), dayOfBound],
  ['pgErrorCode: a long code', run('0'), (code) => pgErrorCode({ code })],
  [
    'isDatabaseUnavailable: near-miss messages',
    run('timeout exceede'),
    (message) => isDatabaseUnavailable({ message }),
  ],
  [
    'isUnauthorizedError (SPA): near-miss server text',
    '401: ' + run('Unauthorize'),
    (text) => isUnauthorizedError(new Error(text)),
  ],
  [
    'isUnauthorizedError (SPA): line breaks',
    '401: ' + run('\n') + 'Unauthorized',
    (text) => isUnauthorizedError(new Error(text)),
  ],
];

describe.each([
  ['inbound dates', dateCases],
  ['inbound mail, headers and tokens', inboundCases],
  ['ticket bodies and notes', bodyCases],
  ['Harvest answers, settings, exports, database errors, the SPA', otherCases],
])('linear time on hostile input: %s', (_group, cases) => {
  it.each(cases)(`%s: within ${HOSTILE_INPUT_DEADLINE_MS} ms`, (_name, input, read) => {
    expect(() => withinDeadline(() => read(input))).not.toThrow();
  });
});

describe('linear time on hostile input: raw messages (mailparser, then the header and body rules)', () => {
  const head = 'From: Jordan Lee <jordan.lee@contoso.com>\r\nSubject: s\r\n';
  // Raw messages are parsed asynchronously, so the deadline is checked afterwards; 256 KB keeps
  // mailparser's own (linear) work well under a second.
  const size = 256 * 1024;
  it.each([
    ['a header folded over many lines', head + 'X-A: a' + run('\r\n a', size) + '\r\n\r\nbody'],
    ['a header of folds of blank lines', head + 'X-A: a' + run('\r\n \r\n\t', size) + 'x\r\n\r\nbody'],
    ['a header of spaces', head + 'X-A: ' + run(' ', size) + 'x\r\n\r\nbody'],
    ['a From of angle brackets', 'From: ' + run('<', size) + 'a@contoso.com\r\n\r\nbody'],
    ['a Date of spaces', head + 'Date: ' + run(' ', size) + 'x\r\n\r\nbody'],
    ['a Message-ID of brackets', head + 'Message-ID: <' + run('>', size) + 'x\r\n\r\nbody'],
    [
      'a body of lone surrogates',
      head + 'Content-Type: text/plain; charset=utf-8\r\n\r\n' + run('\uD800', size),
    ],
    ['an HTML part of nested elements', head + 'Content-Type: text/html\r\n\r\n' + run('<div>', size)],
  ])(`%s: within ${HOSTILE_INPUT_DEADLINE_MS} ms`, async (_name, raw) => {
    const started = performance.now();
    await parseMimeEmail(Buffer.from(raw)).catch(() => undefined);
    expect(performance.now() - started).toBeLessThan(HOSTILE_INPUT_DEADLINE_MS);
  });
});

describe('the deadline itself', () => {
  it('when a pattern backtracks quadratically (the RFC 5322 date pattern before the fix), then it is stopped', () => {
    const before =
      /^(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[+-]\d{4}|UT|GMT|[ECMP][SD]T|Z)?(?:\s*\(.*\))?$/;
    expect(() => withinDeadline(() => before.test(DATE + run(' ') + 'x'), 200)).toThrow(/timed out/);
  });
});
