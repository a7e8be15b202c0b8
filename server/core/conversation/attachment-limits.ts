import type { NewAttachment } from './conversation.repository';

/** ATTACHMENT_MAX_FILE_BYTES and ATTACHMENT_MAX_MESSAGE_BYTES (server/config.ts). */
export interface AttachmentLimits {
  maxFileBytes: number;
  maxMessageBytes: number;
}

/** A received file: its content, or none when only its name, type and size came. */
export interface ReceivedFile {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer | undefined;
}

/**
 * Which files of one received message are kept. In message order, a file is kept when it is at most
 * `maxFileBytes` and fits into what is left of `maxMessageBytes` after the files kept before it;
 * any other file is still listed, without its content (kept false: "too large, not kept"). A file
 * that came without content is listed the same way. The message itself is always kept.
 */
export function applyAttachmentLimits(
  files: readonly ReceivedFile[],
  limits: AttachmentLimits,
): NewAttachment[] {
  let room = limits.maxMessageBytes;
  return files.map((file) => {
    const { filename, contentType } = file;
    if (file.content === undefined) return { filename, contentType, size: file.size, content: null };
    const size = file.content.length;
    const kept = size <= limits.maxFileBytes && size <= room;
    if (kept) room -= size;
    return { filename, contentType, size, content: kept ? file.content : null };
  });
}
