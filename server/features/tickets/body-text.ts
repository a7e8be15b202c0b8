import { compile } from 'html-to-text';

/** The marker a mail gateway puts before external mail; what precedes it is not shown (spec §2). */
export const EXTERNAL_MARKER = '[EXTERNAL]';

/**
 * Whether a body is HTML rather than plain text: it holds an HTML document tag or a common element
 * tag. `<jordan@contoso.com>` in a plain-text body is not taken for a tag.
 */
const HTML_TAG =
  /<!doctype\s+html|<\/?(?:html|head|body|div|p|br|hr|span|font|center|table|thead|tbody|tfoot|tr|td|th|a|b|i|u|s|em|strong|small|sub|sup|code|pre|blockquote|ul|ol|li|dl|dt|dd|h[1-6]|img|style|script|meta|title|section|article|header|footer|o:p)(?:\s[^<>]*)?\/?>/i;

export const looksLikeHtml = (body: string) => HTML_TAG.test(body);

const blockOf = (lineBreaks: number) => ({
  format: 'block',
  options: { leadingLineBreaks: lineBreaks, trailingLineBreaks: lineBreaks },
});

/** html-to-text, set up once: no wrapping (the UI wraps), no images, headings as written. */
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
      selector,
      options: { uppercase: false },
    })),
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    // Layout tables (most HTML mail) read best as one line per cell.
    { selector: 'table', ...blockOf(2) },
    { selector: 'tr', ...blockOf(1) },
    { selector: 'td', ...blockOf(1) },
    { selector: 'th', ...blockOf(1) },
  ],
});

/**
 * A ticket body as the detail's Message shows it: HTML converted to plain text (scripts, styles and
 * images dropped, entities decoded), plain text kept as written, and when the "[EXTERNAL]" marker
 * occurs, only the text after its first occurrence.
 */
export function bodyToText(body: string): string {
  // Empty elements (a paragraph holding only a skipped image) leave runs of blank lines behind.
  const text = looksLikeHtml(body)
    ? htmlToText(body).replace(/\n{3,}/g, '\n\n')
    : body.replace(/\r\n?/g, '\n');
  const marker = text.indexOf(EXTERNAL_MARKER);
  return (marker === -1 ? text : text.slice(marker + EXTERNAL_MARKER.length)).trim();
}
