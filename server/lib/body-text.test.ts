import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_LIMITS } from '@shared/contracts/tickets';
import { bodyToText, HTML_MAX_DEPTH, looksLikeHtml } from './body-text';

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

describe('bodyToText on HTML nested too deeply for html-to-text', () => {
  // html-to-text walks the tree recursively: 5,000 nested <div> overflowed the call stack (a
  // RangeError, so every answer carrying the ticket was a 500).
  it.each([
    ['5,000 nested <div>, closed', '<div>'.repeat(5_000) + 'Printer jams' + '</div>'.repeat(5_000)],
    [
      '39,000 nested <div>, unclosed (the longest such body a ticket takes)',
      '<div>'.repeat(39_000) + 'Printer jams',
    ],
  ])('when the body is %s, then its text is shown', (_case, body) => {
    expect(body.length).toBeLessThanOrEqual(TICKET_LIMITS.body);
    expect(bodyToText(body)).toBe('Printer jams');
  });

  it('when the nesting is too deep, then the text of every level shows, entities decoded, scripts, styles and the title dropped, a line per block', () => {
    const body =
      '<html><head><title>Mail</title><style>p{color:red}</style></head><body>' +
      '<div>'.repeat(1_000) +
      'Banner [EXTERNAL]<p>VPN&nbsp;drops &amp;\n   reconnects<br>every <b>hour</b>.</p>' +
      '<script>alert(1)</script><!-- <p>hidden</p> --><img src="cid:x" alt="logo">' +
      '<div>'.repeat(1_000) +
      '<ul><li>Tray 2<li>Toner</ul><textarea><b>as typed</b></textarea><script/>Regards' +
      '</body></html>';
    expect(bodyToText(body)).toBe(
      'VPN\u00a0drops & reconnects\nevery hour.\nTray 2\nToner\n<b>as typed</b>Regards',
    );
  });

  it(`when elements nest ${HTML_MAX_DEPTH} deep, then html-to-text lays them out; one level deeper, the text is stripped`, () => {
    const list = '<ul><li>Tray 2</li><li>Toner</li></ul>';
    expect(bodyToText('<div>'.repeat(HTML_MAX_DEPTH - 2) + list)).toBe('* Tray 2\n * Toner');
    expect(bodyToText('<div>'.repeat(HTML_MAX_DEPTH - 1) + list)).toBe('Tray 2\nToner');
  });

  describe('when html-to-text throws all the same', () => {
    afterEach(() => {
      vi.doUnmock('html-to-text');
      vi.resetModules();
    });

    it('then the stripped text is shown rather than the error', async () => {
      vi.resetModules();
      vi.doMock('html-to-text', () => ({
        compile: () => () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
      }));
      const fresh = await import('./body-text');
      expect(fresh.bodyToText('<p>VPN <b>drops</b> &amp; reconnects</p>')).toBe('VPN drops & reconnects');
    });
  });
});
