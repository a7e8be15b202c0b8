import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvFilename, csvRow, toCsv } from './csv';

describe('csvField', () => {
  it.each([
    ['plain text', 'Support', 'Support'],
    ['a comma', 'Acme, Inc.', '"Acme, Inc."'],
    ['quotes', 'Said "hi"', '"Said ""hi"""'],
    ['a line feed', 'one\ntwo', '"one\ntwo"'],
    ['a carriage return', 'one\r\ntwo', '"one\r\ntwo"'],
    ['only a quote', '"', '""""'],
    ['an apostrophe', "O'Hara", "O'Hara"],
    ['no text', '', ''],
  ])('when the text has %s, then it is written as RFC 4180 says', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+', '+1 555 0100', "'+1 555 0100"],
    ['-', '-2 hours', "'-2 hours"],
    ['@', '@channel', "'@channel"],
    ['a tab', '\tindented', "'\tindented"],
  ])(
    'when text starts with %s, then a single quote keeps spreadsheets from running it',
    (_c, value, expected) => {
      expect(csvField(value)).toBe(expected);
    },
  );

  it('when a formula also has quotes and commas, then it is both defused and quoted', () => {
    expect(csvField('=HYPERLINK("http://x.example.com","go")')).toBe(
      '"\'=HYPERLINK(""http://x.example.com"",""go"")"',
    );
  });

  it('when a formula starts with a carriage return, then it is defused and quoted', () => {
    expect(csvField('\r=1+1')).toBe('"\'\r=1+1"');
  });

  it('writes numbers as they are, negative ones included, and nothing for null, undefined and NaN', () => {
    expect([csvField(2.5), csvField(-3), csvField(0), csvField(null), csvField(undefined)]).toEqual([
      '2.5',
      '-3',
      '0',
      '',
      '',
    ]);
    expect(csvField(Number.NaN)).toBe('');
  });

  it('leaves text that merely contains the formula characters alone', () => {
    expect(csvField('a=b, c-d')).toBe('"a=b, c-d"');
    expect(csvField('mail me@example.com')).toBe('mail me@example.com');
  });
});

describe('csvRow and toCsv', () => {
  it('joins fields with commas and ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', 1, null])).toBe('a,"b,c",1,\r\n');
  });

  it('starts the file with a byte order mark and the header', () => {
    expect(toCsv(['Name', 'Hours'], [['Ada', 1.5]])).toBe(`${CSV_BOM}Name,Hours\r\nAda,1.5\r\n`);
    expect(toCsv(['Name'], [])).toBe(`${CSV_BOM}Name\r\n`);
  });
});

describe('csvFilename', () => {
  it('joins lower-case parts and the date with dashes', () => {
    expect(csvFilename(['report', 'overview', 'this-month'], '2026-11-21')).toBe(
      'helpdesk-report-overview-this-month-2026-11-21.csv',
    );
  });

  it('drops characters that a file system or a header would trip over', () => {
    expect(csvFilename(['Time "Entries"/..', 'Last 30 Days'], '2026-11-21')).toBe(
      'helpdesk-time-entries-last-30-days-2026-11-21.csv',
    );
  });
});
