/**
 * The files of a reply sent as multipart/form-data (`body` field, files under `files`), read into
 * memory within the attachment limits: a file over ATTACHMENT_MAX_FILE_BYTES, or all files together
 * over ATTACHMENT_MAX_MESSAGE_BYTES, end the upload with 413 as soon as the limit is passed (memory
 * never holds more than the limit); more than MESSAGE_LIMITS.files files is a 400.
 */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { MESSAGE_ERRORS, MESSAGE_LIMITS, REPLY_FIELD_LABELS } from '@shared/contracts/messages';
import type { AppConfig } from '../../config';
import { AppError, badRequest } from '../../lib/errors';
import { labelledMessage } from '../../lib/validate';
import type { NewAttachment } from '../../core/conversation/conversation.service';

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

const fileFieldError = (message: string) => ({ files: [message] });
/** The message as parseInput words one about the files: under their label, not the form field's key. */
const aboutFiles = (message: string) => labelledMessage(REPLY_FIELD_LABELS.files, [message]);

/** The 400 or 413 a failed upload answers with, in words that name the field and the limit. */
function uploadError(error: unknown, limits: AppConfig['attachments']): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FilesTooLargeError) {
    const message = MESSAGE_ERRORS.filesTooLarge(limits.maxMessageBytes);
    return new AppError('payload_too_large', aboutFiles(message), { fieldErrors: fileFieldError(message) });
  }
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE': {
        const message = MESSAGE_ERRORS.fileTooLarge(limits.maxFileBytes);
        // multer 2 names the file; its type declarations do not know the field yet.
        const { filename } = error as { filename?: unknown };
        const which =
          typeof filename === 'string' && filename ? ` (${cleanFilename(filename)} is larger)` : '';
        return new AppError('payload_too_large', aboutFiles(`${message}${which}`), {
          fieldErrors: fileFieldError(message),
        });
      }
      case 'LIMIT_FILE_COUNT':
        return badRequest(
          aboutFiles(MESSAGE_ERRORS.tooManyFiles),
          fileFieldError(MESSAGE_ERRORS.tooManyFiles),
        );
      case 'LIMIT_UNEXPECTED_FILE': {
        const message = 'Files must be sent in the "files" field';
        const field = error.field || 'files';
        return badRequest(aboutFiles(message), { [field]: [message] });
      }
      case 'LIMIT_FIELD_VALUE':
        if (error.field === 'body') {
          // Already names the field ("Reply text must be …"), as parseInput would leave it.
          return badRequest(labelledMessage(REPLY_FIELD_LABELS.body, [MESSAGE_ERRORS.bodyTooLong]), {
            body: [MESSAGE_ERRORS.bodyTooLong],
          });
        }
        return badRequest(`The form field ${error.field ?? ''} is too long`.replace('  ', ' '));
      default:
        return badRequest(`The form could not be read: ${error.message}`);
    }
  }
  // busboy: a body that is not the multipart form its Content-Type says (no boundary, cut short…).
  const reason = error instanceof Error ? error.message : String(error);
  return badRequest(`The multipart form could not be read: ${reason}`);
}

/** Form fields the reply form has (`body`), with room for a few a client may add. */
const MAX_FIELDS = 10;
/** The reply text's largest size in UTF-8: three bytes per UTF-16 unit at most. */
const MAX_BODY_BYTES = MESSAGE_LIMITS.body * 3;

/** Reads a multipart reply into `req.body` (its fields) and `req.files`; other requests pass. */
export function replyFilesUpload(limits: AppConfig['attachments']): RequestHandler {
  const upload = multer({
    storage: limitedMemoryStorage(limits.maxMessageBytes),
    limits: {
      fileSize: limits.maxFileBytes,
      files: MESSAGE_LIMITS.files,
      fields: MAX_FIELDS,
      fieldSize: MAX_BODY_BYTES,
      fieldNameSize: 100,
      parts: MESSAGE_LIMITS.files + MAX_FIELDS,
    },
  }).array('files');
  return (req, res, next) => {
    upload(req, res, (error?: unknown) => (error ? next(uploadError(error, limits)) : next()));
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
