/**
 * POST /api/inbound/email: the email pipeline's payload (spec §3 "Inbound email ticket payload") and
 * the answers. The same endpoint also takes a raw RFC 5322 message (Content-Type: message/rfc822),
 * which the server parses itself.
 */
import { z } from 'zod';
import { DEFAULT_TICKET_PRIORITY, TICKET_PRIORITIES } from '../constants';
import {
  inSupportedYears,
  jsonText,
  requiredText,
  TICKET_LIMITS,
  ticketAttachmentSchema,
  timestampString,
  ticketDetailSchema,
} from './tickets';
import { withoutNul } from './common';

export const INBOUND_LIMITS = {
  /** Header fields passed along for auto-reply and loop detection, and each one's values. */
  headers: 200,
  headerName: 200,
  headerValue: 4_000,
  headerValues: 50,
  /** The payload's `to`: addresses given as a list (each entry may hold several, comma-separated). */
  to: 100,
  /** The `received` date: a real one is about 40 characters, with a zone comment up to about 80. */
  received: 200,
} as const;

export const INBOUND_MESSAGES = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Body is required',
  fromRequired: 'From is required',
  fromInvalid: 'Must be an email address, as "Name <address>" or a bare address',
  receivedRequired: 'Received is required',
  receivedTooLong: `Received must be at most ${INBOUND_LIMITS.received} characters`,
  receivedInvalid: `Must be a date: ISO 8601 (2026-03-01T09:30:00Z) or RFC 5322 (Sun, 01 Mar 2026 09:30:00 +0000), in the years ${TICKET_LIMITS.minYear}–${TICKET_LIMITS.maxYear}`,
  priorityChoices: `Priority must be one of ${TICKET_PRIORITIES.join(', ')}`,
  tooManyHeaders: `At most ${INBOUND_LIMITS.headers} header fields`,
  noNul: 'Must not contain NUL characters',
  unpairedSurrogate: 'Must not contain unpaired surrogate characters',
  contentNotBase64: 'Must be the file in base64 (A–Z, a–z, 0–9, + and /, padded with =; line breaks allowed)',
  contentSize: (bytes: number, size: number) => `The content is ${bytes} bytes, but size says ${size}`,
  toInvalid: `To must be an address or a list of at most ${INBOUND_LIMITS.to} addresses`,
} as const;

/** A mailbox as written in a From field: the address and, when given, the display name. */
export interface Mailbox {
  address: string;
  name: string | undefined;
}

const emailAddress = z.email();

/**
 * `Name <address>`, `"Last, First" <address>`, `<address>` or a bare address. Comments and address
 * groups are not supported here (a raw message is parsed with a full MIME parser instead).
 */
export function parseMailbox(text: string): Mailbox | undefined {
  const trimmed = text.trim();
  const angle = /^(.*?)<([^<>]*)>$/s.exec(trimmed);
  const address = (angle ? angle[2]! : trimmed).trim();
  if (address.length > TICKET_LIMITS.fromEmail || !emailAddress.safeParse(address).success) return undefined;
  const rawName = angle ? angle[1]!.trim() : '';
  const name = rawName
    .replace(/^"(.*)"$/s, '$1')
    .replace(/\\(.)/g, '$1')
    .trim();
  return { address, name: name || undefined };
}

/**
 * An RFC 5322 date-time without its trailing comment: `[Day, ]DD Mon YYYY HH:MM[:SS][ zone]`. Every
 * run of whitespace is followed by something that is not whitespace, so the pattern never has two
 * ways to split one run and matches in time linear in the length of the text (the earlier
 * `…\s*(?:zone)?(?:\s*\(.*\))?$` did not: it tried every split of a run of spaces between its two
 * `\s*`, and 200,000 spaces took half a minute).
 */
const RFC_5322_DATE =
  /^(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:[+-]\d{4}|UT|GMT|[ECMP][SD]T|Z))?$/;

/** Line terminators, which a comment (`.` in the RFC pattern) may not hold. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * An RFC 5322 date-time as `new Date` reads it: the text without a trailing comment such as
 * `(UTC)`, and without the whitespace before the comment. Undefined when the text is not one. The
 * date itself holds no `(`, so a comment starts at the first one and must run to a `)` at the end,
 * on one line.
 */
function rfc5322DateText(text: string): string | undefined {
  const open = text.indexOf('(');
  const comment = open === -1 ? '' : text.slice(open);
  if (comment && (!comment.endsWith(')') || LINE_TERMINATOR.test(comment))) return undefined;
  const date = open === -1 ? text : text.slice(0, open).trimEnd();
  return RFC_5322_DATE.test(date) ? date : undefined;
}

/**
 * A date from an email pipeline: ISO 8601 or RFC 5322; undefined when it is neither. Linear in the
 * length of the text, whatever it holds (pinned by server/test/security/regex-budget.test.ts).
 */
export function parseEmailDate(text: string): Date | undefined {
  const trimmed = text.trim();
  const dateText = timestampString.safeParse(trimmed).success ? trimmed : rfc5322DateText(trimmed);
  return dateText !== undefined && inSupportedYears(dateText) ? new Date(dateText) : undefined;
}

/** White space base64 may be wrapped with (MIME wraps it at 76 characters). */
const BASE64_WRAPPING = /[\r\n\t ]+/g;
/** Standard base64, padded: 4-character groups, `=` only at the end. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The number of bytes a base64 text decodes to, or undefined when it is not base64 (standard
 * alphabet, padded, line breaks and spaces allowed). Linear in the text's length, and it needs no
 * Buffer, so the SPA may import this contract.
 */
export function base64ByteLength(text: string): number | undefined {
  const compact = text.replace(BASE64_WRAPPING, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined;
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return (compact.length / 4) * 3 - padding;
}

/**
 * A file of the JSON payload: its metadata, and optionally its content in base64, which must decode to
 * `size` bytes. Without content it is listed, not stored.
 */
const inboundAttachmentSchema = ticketAttachmentSchema
  .extend({
    filename: jsonText(TICKET_LIMITS.attachmentText),
    contentType: jsonText(TICKET_LIMITS.attachmentText),
    content: z.string().optional(),
  })
  .superRefine((file, ctx) => {
    if (file.content === undefined) return;
    const bytes = base64ByteLength(file.content);
    if (bytes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: INBOUND_MESSAGES.contentNotBase64 });
    } else if (bytes !== file.size) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: INBOUND_MESSAGES.contentSize(bytes, file.size),
      });
    }
  });

const headerValue = z
  .string()
  .max(INBOUND_LIMITS.headerValue, `At most ${INBOUND_LIMITS.headerValue} characters`);

/** Header fields by name (any letter case); a field that occurs several times is a list. */
const headersSchema = z
  .record(
    z.string().max(INBOUND_LIMITS.headerName),
    z.union([headerValue, z.array(headerValue).max(INBOUND_LIMITS.headerValues)]),
  )
  .refine((headers) => Object.keys(headers).length <= INBOUND_LIMITS.headers, INBOUND_MESSAGES.tooManyHeaders)
  .transform((headers) => {
    // No prototype: a field named "constructor" or "__proto__" must not find Object's own members.
    const byName: Record<string, string[]> = Object.create(null);
    for (const [name, value] of Object.entries(headers)) {
      (byName[name.trim().toLowerCase()] ??= []).push(...(Array.isArray(value) ? value : [value]));
    }
    return byName;
  });

export const inboundEmailSchema = z.object({
  subject: requiredText(INBOUND_MESSAGES.subjectRequired, TICKET_LIMITS.subject),
  body: requiredText(INBOUND_MESSAGES.bodyRequired, TICKET_LIMITS.body),
  from: z
    .string({
      error: (issue) =>
        issue.input === undefined ? INBOUND_MESSAGES.fromRequired : INBOUND_MESSAGES.fromInvalid,
    })
    .transform((value, ctx) => {
      const mailbox = parseMailbox(value);
      if (!mailbox) {
        ctx.issues.push({ code: 'custom', input: value, message: INBOUND_MESSAGES.fromInvalid });
        return z.NEVER;
      }
      return mailbox;
    }),
  /** Overrides the name in `from`. */
  from_name: z
    .string()
    .trim()
    .max(TICKET_LIMITS.fromName, `At most ${TICKET_LIMITS.fromName} characters`)
    .refine(withoutNul, INBOUND_MESSAGES.noNul)
    .optional(),
  received: z
    .string({
      error: (issue) =>
        issue.input === undefined ? INBOUND_MESSAGES.receivedRequired : INBOUND_MESSAGES.receivedInvalid,
    })
    .max(INBOUND_LIMITS.received, INBOUND_MESSAGES.receivedTooLong)
    .transform((value, ctx) => {
      const time = parseEmailDate(value);
      if (!time) {
        ctx.issues.push({ code: 'custom', input: value, message: INBOUND_MESSAGES.receivedInvalid });
        return z.NEVER;
      }
      return time;
    }),
  priority: z.enum(TICKET_PRIORITIES, INBOUND_MESSAGES.priorityChoices).default(DEFAULT_TICKET_PRIORITY),
  /**
   * Header fields of the original message, for auto-reply and loop detection (Auto-Submitted,
   * X-Autoreply, X-Autorespond, Precedence) and for idempotency (Message-ID).
   */
  headers: headersSchema.optional(),
  /**
   * Whom the message was delivered to (issue 39): a group's address among them opens the ticket in
   * that group. A string or a list, as written in a To field; a piece that holds no address is passed
   * over, like a To header's.
   */
  to: z
    .union([headerValue, z.array(headerValue).max(INBOUND_LIMITS.to, INBOUND_MESSAGES.toInvalid)], {
      error: INBOUND_MESSAGES.toInvalid,
    })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  /** Files: metadata, and optionally the content in base64 (`content`), which is then stored. */
  attachments: z
    .array(inboundAttachmentSchema)
    .max(TICKET_LIMITS.attachments, `At most ${TICKET_LIMITS.attachments} attachments`)
    .optional(),
});
export type InboundEmailInput = z.output<typeof inboundEmailSchema>;

/** Why a message was acknowledged without creating anything. */
export const INBOUND_IGNORE_REASONS = [
  'auto_submitted',
  'x_autoreply',
  'x_autorespond',
  'precedence',
  'own_address',
  'mailer_daemon',
  /** A delivery status notification (a bounce): it marks our reply it names failed, if any. */
  'bounce',
] as const;
export type InboundIgnoreReason = (typeof INBOUND_IGNORE_REASONS)[number];

/** 201: a new ticket. */
export const inboundTicketCreatedSchema = /* @__PURE__ */ z.object({
  ticket: ticketDetailSchema,
  created: z.literal(true),
});
export type InboundTicketCreated = z.infer<typeof inboundTicketCreatedSchema>;
/** 200: the message was delivered before; nothing new was created. */
export const inboundDuplicateSchema = /* @__PURE__ */ z.object({
  ticket: ticketDetailSchema,
  created: z.literal(false),
  duplicate: z.literal(true),
});
export type InboundDuplicate = z.infer<typeof inboundDuplicateSchema>;
/**
 * 200: a reply that joins an existing ticket (it answers a message of its thread, or names its number
 * and comes from a participant): added to the ticket's conversation. The field keeps its old name.
 */
export const inboundNoteAppendedSchema = /* @__PURE__ */ z.object({
  ticket: ticketDetailSchema,
  created: z.literal(false),
  appendedNote: z.literal(true),
});
export type InboundNoteAppended = z.infer<typeof inboundNoteAppendedSchema>;
/** 202: an auto-reply, a mail loop or a bounce, acknowledged so the mail server does not retry. */
export const inboundIgnoredSchema = /* @__PURE__ */ z.object({
  accepted: z.literal(true),
  ignored: z.enum(INBOUND_IGNORE_REASONS),
});
export type InboundIgnored = z.infer<typeof inboundIgnoredSchema>;
export type InboundEmailResponse =
  InboundTicketCreated | InboundDuplicate | InboundNoteAppended | InboundIgnored;
