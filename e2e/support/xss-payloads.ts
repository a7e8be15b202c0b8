/**
 * A corpus of well-known XSS payloads for the browser suite (e2e/xss.e2e.ts). Each one, should it ever
 * run, reports itself by its id through one of the tripwires that e2e/support/xss-guard.ts installs:
 * `__xssFired(id)` (a function exposed to every frame), `alert(id)` (a dialog) or `top.__xss = id` (a
 * flag on the window). None of them must ever fire: the app shows what people and mail send as text.
 */

export interface XssPayload {
  /** Short and unique, e.g. "x07": what the tripwire reports. */
  id: string;
  /** What kind of trick it is, for failure messages. */
  kind: string;
  /** The text put in a field, as typed or sent. */
  text: string;
}

/** The tripwire call a payload makes. */
const fire = (id: string) => `__xssFired('${id}')`;

/** [kind, payload for a tripwire call] */
const TEMPLATES: ReadonlyArray<readonly [string, (id: string) => string]> = [
  ['script element', (id) => `<script>${fire(id)}</script>`],
  ['img onerror', (id) => `<img src=x onerror="${fire(id)}">`],
  ['svg onload', (id) => `<svg onload=${fire(id)}>`],
  ['svg script', (id) => `<svg><script>${fire(id)}</script></svg>`],
  ['iframe srcdoc after attribute break', (id) => `"><iframe srcdoc="<script>parent.${fire(id)}</script>">`],
  ['bare javascript: URL', (id) => `javascript:${fire(id)}`],
  ['anchor with javascript: href', (id) => `<a href="javascript:${fire(id)}">click me</a>`],
  ['markdown link to javascript:', (id) => `[click me](javascript:${fire(id)})`],
  [
    'single-quoted attribute break',
    (id) => `' onmouseover='${fire(id)}' autofocus onfocus='${fire(id)}' x='`,
  ],
  ['double-quoted attribute break', (id) => `" autofocus onfocus="${fire(id)}" x="`],
  ['template injection (Angular/Vue style)', (id) => `{{constructor.constructor("${fire(id)}")()}}`],
  ['template literal', (id) => '${' + fire(id) + '}'],
  ['HTML named entities', (id) => `&lt;img src=x onerror=${fire(id)}&gt;`],
  ['HTML numeric entities', (id) => `&#60;img src=x onerror=${fire(id)}&#62;`],
  ['style url(javascript:)', (id) => `<div style="background:url(javascript:${fire(id)})">styled</div>`],
  ['style expression()', (id) => `<p style="width:expression(${fire(id)})">expr</p>`],
  ['style element import', (id) => `<style>@import 'javascript:${fire(id)}';</style>`],
  ['RTL override around a tag', (id) => `\u202E<img src=x onerror=${fire(id)}>\u202C gnp.exe`],
  ['fullwidth angle brackets', (id) => `\uFF1Cimg src=x onerror=${fire(id)}\uFF1E`],
  ['zero-width characters', (id) => `\u200B<img\u200B src=x onerror=${fire(id)}>\u200D`],
  ['textarea breakout', (id) => `</textarea><script>${fire(id)}</script>`],
  ['title breakout', (id) => `</title><img src=x onerror=${fire(id)}>`],
  ['mXSS math/style', (id) => `<math><mtext><table><mglyph><style><img src=x onerror=${fire(id)}>`],
  ['details ontoggle', (id) => `<details open ontoggle=${fire(id)}>`],
  ['body onload', (id) => `<body onload=${fire(id)}>`],
  ['input autofocus onfocus', (id) => `<input autofocus onfocus=${fire(id)}>`],
  ['object data javascript:', (id) => `<object data="javascript:${fire(id)}"></object>`],
  ['embed data:text/html', (id) => `<embed src="data:text/html,<script>parent.${fire(id)}</script>">`],
  ['video source onerror', (id) => `<video><source onerror=${fire(id)}></video>`],
  ['HTML comment breakout', (id) => `--><script>${fire(id)}</script><!--`],
  ['script breakout', (id) => `</script><script>${fire(id)}</script>`],
  ['alert via img', (id) => `<img src=x onerror=alert('${id}')>`],
  ['noscript mXSS', (id) => `<noscript><p title="</noscript><img src=x onerror=${fire(id)}>">`],
  ['flag via svg after break', (id) => `"><svg/onload=top.__xss='${id}'>`],
  ['base href hijack', (id) => `<base href="javascript:${fire(id)}//">`],
  [
    'meta refresh to javascript:',
    (id) => `<meta http-equiv="refresh" content="0;url=javascript:${fire(id)}">`,
  ],
  ['form action javascript:', (id) => `<form action="javascript:${fire(id)}"><button>go</button></form>`],
  ['JSON string breakout', (id) => `","x":"</script><img src=x onerror=${fire(id)}>`],
  ['URL-encoded script', (id) => `%3Cscript%3E${fire(id)}%3C%2Fscript%3E`],
  ['mixed-case javascript: in src', (id) => `<IMG SRC=JaVaScRiPt:${fire(id)}>`],
  ['tab-split javascript: URL', (id) => `<a href="jav\tascript:${fire(id)}">tab</a>`],
  ['spreadsheet formula', (id) => `=HYPERLINK("javascript:${fire(id)}","open")`],
];

export const XSS_PAYLOADS: readonly XssPayload[] = TEMPLATES.map(([kind, make], index) => {
  const id = `x${String(index + 1).padStart(2, '0')}`;
  return { id, kind, text: make(id) };
});

/** A payload for a short field (phone, office number): the text when it fits, else a short classic. */
export function shortPayload(payload: XssPayload, max: number): string {
  if (payload.text.length <= max) return payload.text;
  const short = `<svg onload=${fire(payload.id)}>`;
  return short.length <= max ? short : short.slice(0, max);
}

/** Mail bodies in HTML, as a mail pipeline passes them on: scripts, handlers and tricks. */
export function htmlMailBody(payload: XssPayload): string {
  return [
    '<html><head><title>Mail</title>',
    `<script>${fire(payload.id)}</script>`,
    `<style>body{background:url("javascript:${fire(payload.id)}")}</style></head>`,
    `<body onload="${fire(payload.id)}"><p>Hello ${payload.text}</p>`,
    `<a href="javascript:${fire(payload.id)}">Click</a><img src=x onerror="${fire(payload.id)}">`,
    '</body></html>',
  ].join('\n');
}
