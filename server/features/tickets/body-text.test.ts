import { describe, expect, it } from 'vitest';
import { bodyToText, looksLikeHtml } from './body-text';

describe('bodyToText', () => {
  it('when the body is plain text, then it is kept as written (line breaks normalised)', () => {
    expect(bodyToText('Hello,\r\n\r\n  the printer jams.\r\nThanks')).toBe(
      'Hello,\n\n  the printer jams.\nThanks',
    );
  });

  it('when plain text mentions an address in angle brackets, then it is not taken for HTML', () => {
    const body = 'Please call Jordan Lee <jordan.lee@contoso.com> if x < 3 and y > 2.';
    expect(looksLikeHtml(body)).toBe(false);
    expect(bodyToText(body)).toBe(body);
  });

  it('when the body is HTML, then it becomes text: paragraphs and breaks kept, entities decoded', () => {
    expect(bodyToText('<p>Hello&nbsp;team,</p><p>VPN drops &amp; reconnects<br>every hour.</p>')).toBe(
      'Hello\u00a0team,\n\nVPN drops & reconnects\nevery hour.',
    );
  });

  it('when the HTML holds scripts, styles, a title and images, then none of them is shown as text', () => {
    const text = bodyToText(
      '<html><head><title>Mail</title><style>p{color:red}</style><script>alert(1)</script></head>' +
        '<body><p>Visible</p><img src="cid:x" alt="logo"><script>steal()</script></body></html>',
    );
    expect(text).toBe('Visible');
  });

  it('when the HTML has headings, lists, links and tables, then they read as text, headings not upper-cased', () => {
    const text = bodyToText(
      '<h2>Printer issue</h2><ul><li>Tray 2</li><li>Toner</li></ul>' +
        '<a href="https://kb.example.com/1">Article</a> <a href="https://x.example.com">https://x.example.com</a>' +
        '<table><tr><td>Model</td><td>HP 400</td></tr></table>',
    );
    expect(text).toBe(
      'Printer issue\n\n * Tray 2\n * Toner\n\nArticle [https://kb.example.com/1] https://x.example.com\nModel\nHP 400',
    );
  });

  it('when the body contains "[EXTERNAL]", then the text before it and the marker are dropped', () => {
    expect(bodyToText('CAUTION: outside sender. [EXTERNAL]\n\nThe printer jams.')).toBe('The printer jams.');
  });

  it('when an HTML body contains "[EXTERNAL]", then the rule applies to its text', () => {
    expect(bodyToText('<div>Banner [EXTERNAL]</div><p>VPN down</p>')).toBe('VPN down');
  });

  it('when "[EXTERNAL]" occurs twice, then only the text before the first is dropped', () => {
    expect(bodyToText('x [EXTERNAL] keep [EXTERNAL] this')).toBe('keep [EXTERNAL] this');
  });

  it('when there is no marker, then nothing is dropped; lower-case "[external]" is not the marker', () => {
    expect(bodyToText('Intro [external] text')).toBe('Intro [external] text');
  });

  it('when empty HTML elements leave blank lines, then at most one blank line remains', () => {
    expect(bodyToText('<p>One</p><p><img src="a.png"></p><p></p><p>Two</p>')).toBe('One\n\nTwo');
  });
});
