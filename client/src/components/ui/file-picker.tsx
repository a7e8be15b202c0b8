import { Paperclip, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { formatBytes } from '@shared/format-bytes';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface FilePickerButtonProps {
  label: string;
  /** The files chosen this time (never empty). */
  onChoose: (files: File[]) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * "Attach Files": a real file input, visually hidden but focusable (Tab reaches it, Space or Enter
 * opens the chooser), named and shown by its label, which looks like a button and takes its focus
 * ring. The agents' reply form and the portal's share it.
 */
export function FilePickerButton({ label, onChoose, disabled, ...aria }: FilePickerButtonProps) {
  const inputId = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (chosen.length > 0) onChoose(chosen);
  };
  return (
    <>
      <input
        id={inputId}
        type="file"
        multiple
        className="peer sr-only"
        onChange={choose}
        disabled={disabled}
        {...aria}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-50',
        )}
      >
        <Paperclip aria-hidden="true" />
        {label}
      </label>
    </>
  );
}

interface ChosenFilesProps {
  files: readonly File[];
  /** The list's accessible name ("Files to send"). */
  label: string;
  removeLabel: (name: string) => string;
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/** The files chosen so far, each with its size and a remove button; nothing while there are none. */
export function ChosenFiles({ files, label, removeLabel, onRemove, disabled }: ChosenFilesProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-1">
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
            onClick={() => onRemove(index)}
            disabled={disabled}
            aria-label={removeLabel(file.name)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
