import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  downloadHeaders,
  mayShowInline,
  mediaTypeOf,
  servedContentType,
} from './attachment-download';

describe('servedContentType', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['Image/PNG', 'image/png'],
    ['text/plain; charset=iso-8859-1', 'text/plain'],
    ['text/csv', 'text/csv'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    // What a browser would render or run.
    ['text/html', 'application/octet-stream'],
    ['application/xhtml+xml', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['application/xml', 'application/octet-stream'],
    ['text/javascript', 'application/octet-stream'],
    ['application/x-shockwave-flash', 'application/octet-stream'],
    ['text/calendar', 'application/octet-stream'],
    ['message/rfc822', 'application/octet-stream'],
    ['multipart/mixed', 'application/octet-stream'],
    // Not media types at all.
    ['', 'application/octet-stream'],
    ['png', 'application/octet-stream'],
    ['image/png\r\nX-A: b', 'application/octet-stream'],
    ['image/ png', 'application/octet-stream'],
  ])('when the stored type is %j, then %s is served', (stored, served) => {
    expect(servedContentType(stored)).toBe(served);
  });

  it('mediaTypeOf keeps type/subtype only', () => {
    expect(mediaTypeOf(' IMAGE/JPEG ; name=x.jpg')).toBe('image/jpeg');
    expect(mediaTypeOf('image/')).toBeUndefined();
  });
});

describe('mayShowInline', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/gif', true],
    ['image/webp', true],
    ['image/svg+xml', false],
    ['image/bmp', false],
    ['text/html', false],
    ['application/pdf', false],
  ])('%s: %s', (type, expected) => {
    expect(mayShowInline(type)).toBe(expected);
  });
});

describe('contentDisposition', () => {
  it.each([
    ['report.pdf', `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`],
    [
      'Störung (1).png',
      `attachment; filename="St_rung (1).png"; filename*=UTF-8''St%C3%B6rung%20%281%29.png`,
    ],
    ['a"b\\c%d', `attachment; filename="a_b_c_d"; filename*=UTF-8''a%22b%5Cc%25d`],
    [
      'evil\r\nSet-Cookie: x',
      `attachment; filename="evilSet-Cookie: x"; filename*=UTF-8''evilSet-Cookie%3A%20x`,
    ],
    ['  \r\n ', `attachment; filename="attachment"; filename*=UTF-8''attachment`],
    ['日本語.txt', `attachment; filename="___.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.txt`],
    ['\uD800x', `attachment; filename="_x"; filename*=UTF-8''%EF%BF%BDx`],
  ])('when the name is %j, then %s', (name, header) => {
    expect(contentDisposition('attachment', name)).toBe(header);
  });

  it('when the name is very long, then the ASCII name is cut and the UTF-8 one kept', () => {
    const header = contentDisposition('attachment', `${'a'.repeat(400)}.pdf`);
    expect(header).toContain(`filename="${'a'.repeat(150)}"`);
    expect(header).toContain(`filename*=UTF-8''${'a'.repeat(400)}.pdf`);
  });
});

describe('downloadHeaders', () => {
  it('when an image is asked for inline, then inline; anything else stays an attachment', () => {
    expect(
      downloadHeaders({ filename: 'a.png', contentType: 'image/png' }, true)['Content-Disposition'],
    ).toMatch(/^inline; /);
    expect(downloadHeaders({ filename: 'a.svg', contentType: 'image/svg+xml' }, true)).toMatchObject({
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': expect.stringMatching(/^attachment; /),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });
});
