import { useId } from 'react';
import { formatBytes, MESSAGE_TEXTS } from '@shared/contracts/messages';
import { ChosenFiles, FilePickerButton } from '@/components/ui/file-picker';
import { REPLY_ATTACHMENT_LIMITS } from '../../lib/reply-attachments';

interface ReplyFilesProps {
  files: readonly File[];
  /** Lines naming the files that were refused, shown until the next choice. */
  refused: readonly string[];
  onChoose: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}

const LIMITS_HINT = `Up to ${REPLY_ATTACHMENT_LIMITS.files} files, ${formatBytes(REPLY_ATTACHMENT_LIMITS.fileBytes)} each, ${formatBytes(REPLY_ATTACHMENT_LIMITS.messageBytes)} together.`;

/** "Attach files" with the attachment limits beside it, the files refused, and the files chosen. */
export function ReplyFiles({ files, refused, onChoose, onRemove, disabled }: ReplyFilesProps) {
  const hintId = useId();
  const refusedId = useId();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <FilePickerButton
          label={MESSAGE_TEXTS.attachFiles}
          onChoose={onChoose}
          disabled={disabled}
          aria-describedby={refused.length > 0 ? `${hintId} ${refusedId}` : hintId}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {LIMITS_HINT}
        </p>
      </div>
      {refused.length > 0 && (
        <div id={refusedId} role="alert" className="space-y-1 text-sm text-destructive">
          {refused.map((line) => (
            <p key={line} className="break-words">
              {line}
            </p>
          ))}
        </div>
      )}
      <ChosenFiles
        files={files}
        label="Files to send"
        removeLabel={(name) => `Remove ${name}`}
        onRemove={onRemove}
        disabled={disabled}
      />
    </div>
  );
}
