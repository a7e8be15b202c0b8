/**
 * How a stored file is served (GET /api/attachments/:id, and the portal's GET
 * /api/portal/attachments/:id): always as a download of its own, never as
 * a page of the app. Senders choose the name and type, so both are cleaned before they reach a header,
 * and types a browser would run (HTML, SVG, XML, scripts) are served as application/octet-stream.
 */

export const OCTET_STREAM = 'application/octet-stream';

/** Images a browser shows without running anything: only these may be shown inline (a preview). */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Text types that are only text; every other text/* type is served as octet-stream. */
const PLAIN_TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/** A media type's `type/subtype` as RFC 6838 allows its names (no parameters). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Subtypes a browser could render as a document or run (HTML, XML and its dialects, scripts). */
const isActiveSubtype = (subtype: string) =>
  subtype === 'xml' ||
  subtype.endsWith('+xml') ||
  ['html', 'javascript', 'ecmascript', 'shockwave-flash'].some((word) => subtype.includes(word));

/** Characters that must not reach a header value (controls, line breaks) or the quoted filename. */
const CONTROL = /\p{Cc}/gu;
const LONE_SURROGATE = /\p{Cs}/gu;
const NOT_PRINTABLE_ASCII = /[^\u0020-\u007e]/g;
/** Quotes and backslashes end or escape the quoted string; `%` some browsers would decode. */
const QUOTED_SPECIALS = /["\\%]/g;

const MAX_FALLBACK_LENGTH = 150;
export const DEFAULT_FILENAME = 'attachment';

/** The stored type's `type/subtype`, lower-cased; undefined when it is not a valid media type. */
export function mediaTypeOf(stored: string): string | undefined {
  const type = stored.split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : undefined;
}

/** The Content-Type to serve: the stored type when valid and inert, else application/octet-stream. */
export function servedContentType(stored: string): string {
  const type = mediaTypeOf(stored);
  if (!type) return OCTET_STREAM;
  const [major, subtype] = type.split('/') as [string, string];
  const active =
    isActiveSubtype(subtype) ||
    major === 'multipart' ||
    major === 'message' ||
    (major === 'text' && !PLAIN_TEXT_TYPES.has(type));
  return active ? OCTET_STREAM : type;
}

/** Whether the file may be shown inline as a preview: a raster image of a common type. */
export const mayShowInline = (stored: string) => INLINE_TYPES.has(mediaTypeOf(stored) ?? '');

/** RFC 5987 `attr-char`s stay, everything else is percent-encoded (UTF-8). */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` for old clients and the exact name as
 * UTF-8 in `filename*`. Control characters (CR and LF among them) are dropped from both; quotes,
 * backslashes and `%` become `_` in the ASCII one.
 */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const name = filename.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD').trim() || DEFAULT_FILENAME;
  const fallback =
    name
      .replace(NOT_PRINTABLE_ASCII, '_')
      .replace(QUOTED_SPECIALS, '_')
      .slice(0, MAX_FALLBACK_LENGTH)
      .trim() || DEFAULT_FILENAME;
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The header fields of a file's download (or, for a common raster image asked for inline, preview). */
export function downloadHeaders(
  file: { filename: string; contentType: string },
  inline: boolean,
): Record<string, string> {
  const showInline = inline && mayShowInline(file.contentType);
  return {
    'Content-Type': servedContentType(file.contentType),
    'Content-Disposition': contentDisposition(showInline ? 'inline' : 'attachment', file.filename),
    'X-Content-Type-Options': 'nosniff',
    // Opened directly anyway, the file is a sandboxed document: no scripts, no access to the app.
    'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    // The content is private to signed-in users: not kept by shared caches or on disk.
    'Cache-Control': 'private, no-store',
  };
}
