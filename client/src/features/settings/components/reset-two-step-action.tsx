import type { TeamMember } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { useResetMemberTotp } from '../api/reset-member-totp';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { TEAM_TEXTS as T } from '../lib/team-texts';

/** The Team card's Reset Two-Step: for a member who lost their phone and their recovery codes. */
export function ResetTwoStepAction({ member, name }: { member: TeamMember; name: string }) {
  const reset = useResetMemberTotp();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={T.resetTwoStepLabel(name)}
      disabled={reset.isPending}
      onClick={() =>
        reset.mutate(member.id, {
          onSuccess: () => notifySuccess(T.twoStepReset(name)),
          onError: (error) => notifyFailure(T.resetTwoStepFailed, error),
        })
      }
    >
      {T.resetTwoStep}
    </Button>
  );
}
