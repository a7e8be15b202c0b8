/** Email gateways put this in front of mail from outside; what comes before it is their banner. */
export const EXTERNAL_MARKER = '[EXTERNAL]';

/** Elements after which the text continues on a new line. */
const BLOCK_ELEMENTS =
  'address,article,blockquote,div,dl,dt,dd,footer,h1,h2,h3,h4,h5,h6,header,hr,li,ol,p,pre,section,table,tr,ul';
/** Elements whose content is not text a person wrote. */
const NON_TEXT_ELEMENTS = 'head,script,style,template,noscript,iframe,object,svg';

/**
 * The text of an HTML (or plain) body. DOMParser builds an inert document: its scripts never run and
 * its images never load, so `<img onerror>` does nothing. The result is only ever rendered as text.
 */
export function htmlToText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(NON_TEXT_ELEMENTS).forEach((element) => element.remove());
  document.querySelectorAll('br').forEach((element) => element.replaceWith('\n'));
  document.querySelectorAll(BLOCK_ELEMENTS).forEach((element) => element.append('\n'));
  return document.body.textContent ?? '';
}

/** Trailing spaces go, and runs of blank lines shrink to one. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What the Message card shows (spec §2): the body without HTML and without anything before [EXTERNAL]. */
export function messageText(body: string): string {
  const text = htmlToText(body);
  const marker = text.indexOf(EXTERNAL_MARKER);
  return tidy(marker === -1 ? text : text.slice(marker + EXTERNAL_MARKER.length));
}
