import { Paperclip, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatBytes } from '@shared/format-bytes';
import { PORTAL_TEXTS } from '../lib/portal-texts';

interface PortalFilesProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** The server's word on the files (too many, too large), shown under them. */
  error?: string;
}

/**
 * "Attach Files": a real file input, visually hidden but focusable, named and shown by its label,
 * which looks like a button and takes its focus ring (as the agents' reply form). The chosen files
 * are listed with their sizes and a remove button each.
 */
export function PortalFiles({ files, onChange, disabled, error }: PortalFilesProps) {
  const inputId = useId();
  const errorId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (chosen.length > 0) onChange([...files, ...chosen]);
  };

  return (
    <div className="space-y-2">
      <input
        id={inputId}
        type="file"
        multiple
        className="peer sr-only"
        onChange={choose}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-50',
        )}
      >
        <Paperclip aria-hidden="true" />
        {PORTAL_TEXTS.attachFiles}
      </label>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label={PORTAL_TEXTS.filesToSend} className="space-y-1">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
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
                onClick={() => onChange(files.filter((_, at) => at !== index))}
                disabled={disabled}
                aria-label={PORTAL_TEXTS.removeFile(file.name)}
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
