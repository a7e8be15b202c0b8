import { useState } from 'react';
import type { TeamMember } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { useMakeResetLink } from '../api/make-reset-link';
import { notifyFailure } from '../lib/settings-toasts';
import { TEAM_TEXTS as T } from '../lib/team-texts';
import { CopyableLink } from './copyable-link';

/** The Team card's Reset Password: makes a link for the member and shows it once, to pass on. */
export function ResetLinkAction({ member, name }: { member: TeamMember; name: string }) {
  const make = useMakeResetLink();
  const [url, setUrl] = useState<string>();
  const open = () =>
    make.mutate(member.id, {
      onSuccess: (response) => setUrl(response.url),
      onError: (error) => notifyFailure(T.resetLinkFailed, error),
    });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={T.resetPasswordLabel(name)}
        disabled={make.isPending}
        onClick={open}
      >
        {T.resetPassword}
      </Button>
      <FormDialog
        open={url !== undefined}
        onOpenChange={(next) => !next && setUrl(undefined)}
        title={T.resetLinkTitle}
        description={T.resetLinkDescription(name)}
      >
        {url && <CopyableLink id="reset-link" label={T.resetLinkTitle} url={url} />}
        <DialogActions submitLabel={T.done} onSubmit={() => setUrl(undefined)} />
      </FormDialog>
    </>
  );
}
