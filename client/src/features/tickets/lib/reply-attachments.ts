import { ATTACHMENT_DEFAULT_LIMITS, MESSAGE_ERRORS, MESSAGE_LIMITS } from '@shared/contracts/messages';

/**
 * The server's default limits (ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_MESSAGE_BYTES). A server
 * configured lower still answers 413, whose message the Reply card shows.
 */
export const REPLY_ATTACHMENT_LIMITS = {
  fileBytes: ATTACHMENT_DEFAULT_LIMITS.fileBytes,
  messageBytes: ATTACHMENT_DEFAULT_LIMITS.messageBytes,
  files: MESSAGE_LIMITS.files,
} as const;

export interface AddedFiles {
  files: File[];
  /** One line per refused file, naming it: "movie.mp4: Each file must be at most 10 MB". */
  refused: string[];
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds the chosen files to the list, refusing any that would break a limit; a file chosen twice counts once. */
export function addReplyFiles(current: readonly File[], chosen: readonly File[]): AddedFiles {
  const files = [...current];
  const refused: string[] = [];
  let total = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of chosen) {
    if (files.some((kept) => sameFile(kept, file))) continue;
    if (file.size > REPLY_ATTACHMENT_LIMITS.fileBytes) {
      refused.push(`${file.name}: ${MESSAGE_ERRORS.fileTooLarge(REPLY_ATTACHMENT_LIMITS.fileBytes)}`);
    } else if (files.length >= REPLY_ATTACHMENT_LIMITS.files) {
      refused.push(`${file.name}: ${MESSAGE_ERRORS.tooManyFiles}`);
    } else if (total + file.size > REPLY_ATTACHMENT_LIMITS.messageBytes) {
      refused.push(`${file.name}: ${MESSAGE_ERRORS.filesTooLarge(REPLY_ATTACHMENT_LIMITS.messageBytes)}`);
    } else {
      files.push(file);
      total += file.size;
    }
  }
  return { files, refused };
}
