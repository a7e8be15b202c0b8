import { compile } from 'html-to-text';
import { Parser, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

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
 * How deep elements may nest for html-to-text to convert them. It walks the tree recursively, so deep
 * nesting overflows the call stack (5,000 nested <div> do, nested lists from about 1,400), and its
 * parser's work grows with the square of the depth. Real mail nests a few dozen levels (a quoted reply
 * adds two or three); deeper HTML is shown as stripped text instead.
 */
export const HTML_MAX_DEPTH = 256;

const TOO_DEEP = new Error(`HTML nested deeper than ${HTML_MAX_DEPTH} elements`);

/**
 * Whether elements nest deeper than HTML_MAX_DEPTH, counted with the parser html-to-text uses (implied
 * ends, void elements and all). It stops at the first element too deep, so the parser's stack never
 * exceeds the limit and the scan is linear in the length of the HTML.
 */
function nestsTooDeep(html: string): boolean {
  let depth = 0;
  const parser = new Parser({
    onopentagname() {
      depth += 1;
      if (depth > HTML_MAX_DEPTH) throw TOO_DEEP;
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
    return false;
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
}

/** Elements whose text is not shown (the tokenizer reads their content as raw text). */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'title']);
/** Elements that start and end a line of text. */
const BLOCK_ELEMENTS = new Set(
  [
    'address article aside blockquote br dd div dl dt fieldset figcaption figure footer form h1 h2 h3',
    'h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th thead tr ul',
  ].flatMap((names) => names.split(' ')),
);
const HTML_WHITESPACE = /[ \t\n\r\f]+/g;

/**
 * HTML as plain text without a tree, for HTML nested too deeply for html-to-text: the text of the
 * elements, entities decoded, scripts, styles and the title dropped, whitespace collapsed, one line
 * per block element. It runs htmlparser2's tokenizer, which keeps no stack, so it is linear in the
 * length of the HTML whatever the nesting.
 */
function strippedText(html: string): string {
  const parts: string[] = [];
  let hidden = false;
  const addText = (text: string) => {
    if (!hidden) parts.push(text.replace(HTML_WHITESPACE, ' '));
  };
  const lineBreakAt = (start: number, endIndex: number) => {
    if (BLOCK_ELEMENTS.has(html.slice(start, endIndex).toLowerCase())) parts.push('\n');
  };
  const ignore = () => undefined;
  const callbacks: TokenizerCallbacks = {
    ontext: (start, endIndex) => addText(html.slice(start, endIndex)),
    ontextentity: (codePoint) => addText(String.fromCodePoint(codePoint)),
    onopentagname(start, endIndex) {
      hidden = HIDDEN_ELEMENTS.has(html.slice(start, endIndex).toLowerCase());
      lineBreakAt(start, endIndex);
    },
    onclosetag(start, endIndex) {
      hidden = false;
      lineBreakAt(start, endIndex);
    },
    onattribdata: ignore,
    onattribentity: ignore,
    onattribend: ignore,
    onattribname: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onend: ignore,
    onopentagend: ignore,
    onprocessinginstruction: ignore,
    // `<script/>` holds no raw text: what follows is shown.
    onselfclosingtag() {
      hidden = false;
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return parts
    .join('')
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n');
}

/**
 * HTML as text: html-to-text when the nesting allows it, stripped text otherwise. Never throws: should
 * html-to-text fail all the same (a call stack already deep), the stripped text is used.
 */
function htmlAsText(html: string): string {
  try {
    if (!nestsTooDeep(html)) return htmlToText(html);
  } catch {
    // Shown as stripped text below.
  }
  return strippedText(html);
}

/**
 * A ticket body as the detail's Message shows it: HTML converted to plain text (scripts, styles and
 * images dropped, entities decoded), plain text kept as written, and when the "[EXTERNAL]" marker
 * occurs, only the text after its first occurrence. Never throws, and takes time linear in the length
 * of the body whatever it holds (pinned by server/test/security/regex-budget.test.ts).
 */
export function bodyToText(body: string): string {
  // Empty elements (a paragraph holding only a skipped image) leave runs of blank lines behind.
  const text = looksLikeHtml(body)
    ? htmlAsText(body).replace(/\n{3,}/g, '\n\n')
    : body.replace(/\r\n?/g, '\n');
  const marker = text.indexOf(EXTERNAL_MARKER);
  return (marker === -1 ? text : text.slice(marker + EXTERNAL_MARKER.length)).trim();
}

/**
 * What `tickets.body_text` keeps for a body: its text when that differs from the body (HTML, a
 * gateway's banner before "[EXTERNAL]"), null when the body is its own text, as most bodies are.
 * Ticket search reads `coalesce(body_text, body)`, so a word only in the HTML (a link's address, a
 * style) is not found, exactly as it is not shown.
 */
export function storedBodyText(body: string): string | null {
  const text = bodyToText(body);
  return text === body ? null : text;
}
