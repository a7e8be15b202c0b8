/**
 * Files sent as multipart/form-data (under `files`, beside a few text fields), read into memory within
 * the attachment limits: a file over ATTACHMENT_MAX_FILE_BYTES, or all files together over
 * ATTACHMENT_MAX_MESSAGE_BYTES, end the upload with 413 as soon as the limit is passed (memory never
 * holds more than the limit); more than MESSAGE_LIMITS.files files is a 400. Agents' replies
 * (server/features/replies) and requesters' portal messages and tickets (server/features/portal,
 * issue 41) upload through it, so both refuse the same files in the same words.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { MESSAGE_ERRORS, MESSAGE_LIMITS, REPLY_FIELD_LABELS } from '@shared/contracts/messages';
import type { AppConfig } from '../config';
import { AppError, badRequest } from '../lib/errors';
import { labelledMessage } from '../lib/validate';
import type { NewAttachment } from '../core/conversation/conversation.service';

/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Raised by the storage once the files of one request pass the message limit. */
class FilesTooLargeError extends Error {
  constructor() {
    super('files too large');
  }
}

/** Bytes of files each request has uploaded so far. */
const uploadedBytes = new WeakMap<Request, number>();

/** multer's memory storage, counting every request's bytes against `maxMessageBytes`. */
function limitedMemoryStorage(maxMessageBytes: number): multer.StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      file.stream.on('data', (chunk: Buffer) => {
        if (refused) return;
        const total = (uploadedBytes.get(req) ?? 0) + chunk.length;
        uploadedBytes.set(req, total);
        if (total > maxMessageBytes) {
          refused = true;
          chunks.length = 0;
          callback(new FilesTooLargeError());
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      file.stream.on('end', () => {
        if (!refused) callback(null, { buffer: Buffer.concat(chunks, size), size });
      });
    },
    _removeFile(_req, file, callback) {
      (file as { buffer?: Buffer }).buffer = undefined;
      callback(null);
    },
  };
}

/** The form's main text field, named in the refusal of a value over `maxBytes`. */
export interface MultipartTextField {
  name: string;
  label: string;
  /** The refusal, in words that name the field ("Reply text must be at most …"). */
  tooLong: string;
  /** The field's largest size in UTF-8. */
  maxBytes: number;
}

const fileFieldError = (message: string) => ({ files: [message] });
/** The message as parseInput words one about the files: under their label, not the form field's key. */
const aboutFiles = (message: string) => labelledMessage(REPLY_FIELD_LABELS.files, [message]);

function fileTooLarge(error: multer.MulterError, limits: AppConfig['attachments']): AppError {
  const message = MESSAGE_ERRORS.fileTooLarge(limits.maxFileBytes);
  // multer 2 names the file; its type declarations do not know the field yet.
  const { filename } = error as { filename?: unknown };
  const which = typeof filename === 'string' && filename ? ` (${cleanFilename(filename)} is larger)` : '';
  return new AppError('payload_too_large', aboutFiles(`${message}${which}`), {
    fieldErrors: fileFieldError(message),
  });
}

function multerError(error: multer.MulterError, limits: AppConfig['attachments'], text: MultipartTextField) {
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return fileTooLarge(error, limits);
    case 'LIMIT_FILE_COUNT':
      return badRequest(aboutFiles(MESSAGE_ERRORS.tooManyFiles), fileFieldError(MESSAGE_ERRORS.tooManyFiles));
    case 'LIMIT_UNEXPECTED_FILE': {
      const message = 'Files must be sent in the "files" field';
      const field = error.field || 'files';
      return badRequest(aboutFiles(message), { [field]: [message] });
    }
    case 'LIMIT_FIELD_VALUE':
      if (error.field === text.name) {
        // Already names the field ("Reply text must be …"), as parseInput would leave it.
        return badRequest(labelledMessage(text.label, [text.tooLong]), { [text.name]: [text.tooLong] });
      }
      return badRequest(`The form field ${error.field ?? ''} is too long`.replace('  ', ' '));
    default:
      return badRequest(`The form could not be read: ${error.message}`);
  }
}

/** The 400 or 413 a failed upload answers with, in words that name the field and the limit. */
function uploadError(error: unknown, limits: AppConfig['attachments'], text: MultipartTextField): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FilesTooLargeError) {
    const message = MESSAGE_ERRORS.filesTooLarge(limits.maxMessageBytes);
    return new AppError('payload_too_large', aboutFiles(message), { fieldErrors: fileFieldError(message) });
  }
  if (error instanceof multer.MulterError) return multerError(error, limits, text);
  // busboy: a body that is not the multipart form its Content-Type says (no boundary, cut short…).
  const reason = error instanceof Error ? error.message : String(error);
  return badRequest(`The multipart form could not be read: ${reason}`);
}

/** Form fields a form has, with room for a few a client may add. */
const MAX_FIELDS = 10;

/** Reads a multipart form into `req.body` (its fields) and `req.files`; other requests pass. */
export function multipartFilesUpload(
  limits: AppConfig['attachments'],
  text: MultipartTextField,
): RequestHandler {
  const upload = multer({
    storage: limitedMemoryStorage(limits.maxMessageBytes),
    limits: {
      fileSize: limits.maxFileBytes,
      files: MESSAGE_LIMITS.files,
      fields: MAX_FIELDS,
      fieldSize: text.maxBytes,
      fieldNameSize: 100,
      parts: MESSAGE_LIMITS.files + MAX_FIELDS,
    },
  }).array('files');
  return (req, res, next) => {
    upload(req, res, (error?: unknown) => (error ? next(uploadError(error, limits, text)) : next()));
  };
}

/** A file name as stored and mailed: no folders, no control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, 255);
  return clean || 'attachment';
}

/** A media type as given when it looks like one (`type/subtype`), else application/octet-stream. */
export function cleanContentType(type: string | undefined): string {
  const value = (type ?? '').trim().toLowerCase();
  return /^[a-z0-9][\w!#$&^.+-]{0,126}\/[a-z0-9][\w!#$&^.+-]{0,126}$/.test(value)
    ? value
    : 'application/octet-stream';
}

/** The uploaded files of a request as attachments to store. */
export function uploadedAttachments(req: Request): NewAttachment[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.map((file) => ({
    filename: cleanFilename(file.originalname),
    contentType: cleanContentType(file.mimetype),
    size: file.buffer.length,
    content: file.buffer,
  }));
}

/** Reads the rest of the request body without keeping it. */
export function discardBody(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}

/**
 * Runs `check` before a multipart upload is read, so a refused request does not store its files
 * first. A multipart body may carry 25 MB of files: when the check refuses, they are read and dropped
 * instead of kept, and the answer waits for the end of the upload (a browser that is still sending
 * when the answer comes may report a broken connection instead of it).
 */
export function checkBeforeUpload(check: (req: Request) => Promise<void>): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      await check(req);
    } catch (error) {
      if (req.is('multipart')) await discardBody(req);
      throw error;
    }
    next();
  };
}
