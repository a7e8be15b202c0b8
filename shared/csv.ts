/**
 * A CSV writer (RFC 4180) for the report exports, used by the browser (the report in view) and the
 * server (the time entries of a range).
 */

export type CsvValue = string | number | null | undefined;

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection): `=HYPERLINK(…)`
 * in a ticket note would become a live link. Tab and carriage return are on OWASP's list too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The line ending RFC 4180 prescribes. */
export const CSV_LINE_END = '\r\n';

/**
 * Makes Excel read the file as UTF-8 (names with accents), which it does not do by default; other
 * readers skip it.
 */
export const CSV_BOM = '\uFEFF';

/**
 * One field: text that a spreadsheet would run as a formula gets a leading single quote, then a field
 * with a comma, quote, CR or LF is quoted with its quotes doubled. Numbers are written as they are
 * (a negative number is data, not a formula); null and undefined are empty.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, with its line ending. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}

/** A whole file: the byte order mark, the header and the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join('');
}

/**
 * The filename a CSV download gets: `helpdesk-<parts>-<date>.csv`, with each part reduced to
 * lower-case letters, digits and dashes so no browser or OS rejects or rewrites it.
 */
export function csvFilename(parts: readonly string[], date: string): string {
  const slug = [...parts, date]
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  return `helpdesk-${slug}.csv`;
}
