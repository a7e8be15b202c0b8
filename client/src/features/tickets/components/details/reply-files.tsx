import { Paperclip, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { formatBytes, MESSAGE_TEXTS } from '@shared/contracts/messages';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
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

/**
 * "Attach files": a real file input, visually hidden but focusable (Tab reaches it, Space or Enter
 * opens the chooser), named and shown by its label, which looks like a button and takes its focus
 * ring. The chosen files are listed with their sizes and a remove button each.
 */
export function ReplyFiles({ files, refused, onChoose, onRemove, disabled }: ReplyFilesProps) {
  const inputId = useId();
  const hintId = useId();
  const refusedId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (chosen.length > 0) onChoose(chosen);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={inputId}
          type="file"
          multiple
          className="peer sr-only"
          onChange={choose}
          disabled={disabled}
          aria-describedby={refused.length > 0 ? `${hintId} ${refusedId}` : hintId}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-50',
          )}
        >
          <Paperclip aria-hidden="true" />
          {MESSAGE_TEXTS.attachFiles}
        </label>
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
      {files.length > 0 && (
        <ul aria-label="Files to send" className="space-y-1">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 flex-1 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                onClick={() => onRemove(index)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
