/**
 * Compresses an answer that is sent in one piece (every JSON answer of the API, the SPA's page): the
 * whole body in one synchronous call, sent with its Content-Length in one write. The compression
 * middleware, which still handles what is streamed (CSV exports, the SPA's files), compresses through
 * a zlib stream on the thread pool at brotli quality 4: for a 14 KB ticket list that was about a fifth
 * of the app's CPU per request, and two writes to the socket instead of one (docs/performance.md,
 * issue 17). Quality 1, as nginx compresses by default, costs a fifth of quality 4 for a body about
 * a fifth larger, which on a help desk's network is not worth the CPU.
 *
 * Mounted after the compression middleware, so it runs first when the body is sent: an answer it has
 * encoded carries its Content-Encoding, which the compression middleware leaves alone.
 */
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** Smaller bodies go out as they are: compressing them saves fewer bytes than their headers. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Larger bodies (a big report) are compressed on the thread pool, so the event loop is not held up by
 * one answer; still in one piece.
 */
const COMPRESS_SYNC_MAX_BYTES = 1024 * 1024;

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml)))/i;

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 1 };

type Encoding = 'br' | 'gzip';

function compressSync(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, BROTLI_OPTIONS)
    : zlib.gzipSync(body, GZIP_OPTIONS);
}

function compressOnPool(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') zlib.brotliCompress(body, BROTLI_OPTIONS, done);
    else zlib.gzip(body, GZIP_OPTIONS, done);
  });
}

/**
 * Brotli whenever the client takes it (at quality 1 it is both faster and smaller than gzip), else gzip;
 * browsers list both at the same weight, where plain negotiation would pick the first listed.
 */
function chosenEncoding(req: Request): Encoding | false {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : false;
}

/** Whether this answer is one the client would gladly take compressed. */
function isCompressible(req: Request, res: Response): boolean {
  if (req.method === 'HEAD' || res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 304) {
    return false;
  }
  if (res.getHeader('Content-Encoding')) return false;
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return !(typeof cacheControl === 'string' && /\bno-transform\b/i.test(cacheControl));
}

type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

export function compressWholeAnswers() {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = res.end as End;
    // Express's send() ends with the whole body; a stream has written (and sent its headers) before.
    const endCompressed: End = (chunk, encoding, callback) => {
      if (res.headersSent || chunk === undefined || chunk === null || typeof chunk === 'function') {
        return end.call(res, chunk, encoding, callback);
      }
      if (!isCompressible(req, res)) return end.call(res, chunk, encoding, callback);
      res.vary('Accept-Encoding');
      const textEncoding = typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
      const body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), textEncoding);
      const done = typeof encoding === 'function' ? encoding : callback;
      const accepted = body.length >= COMPRESS_MIN_BYTES ? chosenEncoding(req) : false;
      if (!accepted) return end.call(res, body, done);
      const send = (compressed: Buffer) => {
        res.setHeader('Content-Encoding', accepted);
        res.setHeader('Content-Length', compressed.length);
        end.call(res, compressed, done);
      };
      if (body.length <= COMPRESS_SYNC_MAX_BYTES) {
        send(compressSync(accepted, body));
      } else {
        compressOnPool(accepted, body).then(send, (error: unknown) =>
          res.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
      return res;
    };
    res.end = endCompressed as Response['end'];
    next();
  };
}
