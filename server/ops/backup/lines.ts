/**
 * The lines of a stream, split on LF only. Backup rows may hold any character (U+2028 included, which
 * readline would not split on, but CR, which it would): JSON escapes CR and LF inside strings, so a
 * raw LF always ends a line, and in UTF-8 the byte 0x0A is never part of another character.
 */
import type { Readable } from 'node:stream';

export async function* lines(input: Readable): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end);
      if (pending.length > 0) {
        pending.push(piece);
        yield Buffer.concat(pending).toString('utf8');
        pending = [];
      } else {
        yield piece.toString('utf8');
      }
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield Buffer.concat(pending).toString('utf8');
}
