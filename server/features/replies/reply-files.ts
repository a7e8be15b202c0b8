/**
 * The files of a reply sent as multipart/form-data (`body` field, files under `files`), read within the
 * attachment limits by the upload the portal's messages share (server/middleware/multipart-files.ts).
 */
import type { RequestHandler } from 'express';
import { MESSAGE_ERRORS, MESSAGE_LIMITS, REPLY_FIELD_LABELS } from '@shared/contracts/messages';
import type { AppConfig } from '../../config';
import { multipartFilesUpload } from '../../middleware/multipart-files';

/** The reply text's largest size in UTF-8: three bytes per UTF-16 unit at most. */
const MAX_BODY_BYTES = MESSAGE_LIMITS.body * 3;

/** Reads a multipart reply into `req.body` (its fields) and `req.files`; other requests pass. */
export function replyFilesUpload(limits: AppConfig['attachments']): RequestHandler {
  return multipartFilesUpload(limits, {
    name: 'body',
    label: REPLY_FIELD_LABELS.body,
    tooLong: MESSAGE_ERRORS.bodyTooLong,
    maxBytes: MAX_BODY_BYTES,
  });
}
