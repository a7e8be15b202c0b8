import { FileText, Paperclip } from 'lucide-react';
import { formatBytes, MESSAGE_TEXTS, type MessageAttachment } from '@shared/contracts/messages';

export const attachmentUrl = (id: string) => `/api/attachments/${encodeURIComponent(id)}`;

/**
 * Raster images get a small preview from the same URL. SVG does not: it is a document that can carry
 * scripts, so it is only ever downloaded.
 */
const PREVIEWABLE = /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i;

function AttachmentItem({ attachment }: { attachment: MessageAttachment }) {
  const size = formatBytes(attachment.size);
  if (!attachment.kept) {
    return (
      <li className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <FileText className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate" title={attachment.filename}>
          {attachment.filename}
        </span>
        <span className="shrink-0">
          ({size}, {MESSAGE_TEXTS.attachmentTooLarge})
        </span>
      </li>
    );
  }
  const url = attachmentUrl(attachment.id);
  const preview = PREVIEWABLE.test(attachment.contentType);
  return (
    <li className="min-w-0 text-sm">
      <a
        href={url}
        download={attachment.filename}
        className="inline-flex max-w-full items-center gap-2 rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {preview ? (
          <img
            src={url}
            alt=""
            loading="lazy"
            className="size-12 shrink-0 rounded border bg-muted object-cover"
          />
        ) : (
          <FileText className="size-4 shrink-0" aria-hidden="true" />
        )}
        <span className="min-w-0 truncate" title={attachment.filename}>
          {attachment.filename}
        </span>
        <span className="shrink-0 text-muted-foreground">({size})</span>
      </a>
    </li>
  );
}

/** An email's files: a download link each, or "too large, not kept" for one only listed. */
export function MessageAttachments({ attachments }: { attachments: readonly MessageAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mt-3 flex gap-2 border-t pt-3">
      <Paperclip className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <ul aria-label="Attachments" className="min-w-0 flex-1 space-y-2">
        {attachments.map((attachment) => (
          <AttachmentItem key={attachment.id} attachment={attachment} />
        ))}
      </ul>
    </div>
  );
}
