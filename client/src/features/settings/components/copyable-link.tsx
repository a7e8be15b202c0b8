import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { notifySuccess } from '../lib/settings-toasts';
import { TEAM_TEXTS as T } from '../lib/team-texts';

/**
 * A single-use link (or an API token's secret) shown once, read-only and selected on focus, with a
 * Copy button.
 */
export function CopyableLink({
  id,
  label,
  url,
  copyLabel = T.copyLink,
  copiedMessage = T.copied,
}: {
  id: string;
  label: string;
  url: string;
  copyLabel?: string;
  copiedMessage?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(copiedMessage);
    } catch {
      // No clipboard (a page served over plain http): the field is selected for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        id={id}
        label={label}
        value={url}
        readOnly
        className="min-w-0 flex-1"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button type="button" variant="outline" onClick={() => void copy()}>
        {copyLabel}
      </Button>
    </div>
  );
}
