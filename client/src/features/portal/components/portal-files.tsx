import { useId } from 'react';
import { ChosenFiles, FilePickerButton } from '@/components/ui/file-picker';
import { PORTAL_TEXTS } from '../lib/portal-texts';

interface PortalFilesProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  /** The server's word on the files (too many, too large), shown under them. */
  error?: string;
}

/** "Attach Files" and the files chosen so far, with the server's word on them (too many, too large). */
export function PortalFiles({ files, onChange, disabled, error }: PortalFilesProps) {
  const errorId = useId();
  return (
    <div className="space-y-2">
      <FilePickerButton
        label={PORTAL_TEXTS.attachFiles}
        onChoose={(chosen) => onChange([...files, ...chosen])}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <ChosenFiles
        files={files}
        label={PORTAL_TEXTS.filesToSend}
        removeLabel={PORTAL_TEXTS.removeFile}
        onRemove={(index) => onChange(files.filter((_, at) => at !== index))}
        disabled={disabled}
      />
    </div>
  );
}
