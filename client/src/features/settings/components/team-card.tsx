import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { USER_ROLES, type UserRole } from '@shared/constants';
import { MEMBER_STATUS_LABELS, ROLE_LABELS, type TeamMember } from '@shared/contracts/team';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Heading } from '@/components/ui/heading';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { fullName } from '@/lib/utils';
import { useTeam } from '../api/get-team';
import { useTeamTicketCounts } from '../api/get-team-ticket-counts';
import { useUpdateTeamMember } from '../api/update-team-member';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { formatDateTime } from '../lib/format-date-time';
import { TEAM_TEXTS as T } from '../lib/team-texts';
import { InviteMemberDialog } from './invite-member-dialog';
import { PendingInvitations } from './pending-invitations';
import { ResetLinkAction } from './reset-link-action';
import { ResetTwoStepAction } from './reset-two-step-action';

/** On a phone each member stacks into a block instead of squeezing seven columns (see harvest-users-table). */
const STACKED = {
  table: { role: 'table', className: 'max-md:block' },
  header: { role: 'rowgroup', className: 'max-md:sr-only' },
  body: { role: 'rowgroup', className: 'max-md:block' },
  row: { role: 'row', className: 'hover:bg-transparent max-md:block max-md:py-2' },
  cell: { role: 'cell', className: 'max-md:block max-md:px-0 max-md:py-1' },
} as const;

/** An address that wraps before its "@" when the column is narrow, rather than anywhere in it. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

const memberName = (member: TeamMember) => fullName(member.firstName, member.lastName, member.email);

/** The role as a select that saves on change; aria-disabled while saving so focus stays on it. */
function RoleSelect({ member, labelledBy }: { member: TeamMember; labelledBy: string }) {
  const update = useUpdateTeamMember();
  const shown = update.isPending && update.variables.role ? update.variables.role : member.role;
  const choose = (next: string) => {
    if (update.isPending || next === member.role) return;
    const role = next as UserRole;
    update.mutate(
      { id: member.id, role },
      {
        onSuccess: () => notifySuccess(T.roleChanged(memberName(member), role)),
        onError: (error) => notifyFailure(T.updateFailed, error),
      },
    );
  };
  return (
    <div>
      <Select value={shown} onValueChange={choose}>
        <SelectTrigger
          aria-labelledby={labelledBy}
          aria-disabled={update.isPending || undefined}
          aria-busy={update.isPending || undefined}
          className="w-28 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {USER_ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {ROLE_LABELS[role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Deactivate (after a confirmation: it signs the member out at once) or Reactivate. */
function StatusAction({ member }: { member: TeamMember }) {
  const update = useUpdateTeamMember();
  const [confirming, setConfirming] = useState(false);
  const name = memberName(member);
  const setActive = (active: boolean) =>
    update.mutate(
      { id: member.id, active },
      {
        onSuccess: () => notifySuccess(active ? T.reactivated(name) : T.deactivated(name)),
        onError: (error) => notifyFailure(T.updateFailed, error),
      },
    );

  if (!member.active) {
    return (
      <Button
        variant="outline"
        size="sm"
        aria-label={`${T.reactivate} ${name}`}
        disabled={update.isPending}
        onClick={() => setActive(true)}
      >
        {T.reactivate}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={`${T.deactivate} ${name}`}
        disabled={update.isPending}
        onClick={() => setConfirming(true)}
      >
        {T.deactivate}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.deactivateTitle}
        description={T.deactivateQuestion(name)}
        cancelLabel={T.cancel}
        confirmLabel={T.deactivate}
        destructive
        onConfirm={() => setActive(false)}
      />
    </>
  );
}

function MemberRow({
  member,
  openTickets,
  isYou,
}: {
  member: TeamMember;
  openTickets: number | undefined;
  isYou: boolean;
}) {
  const roleLabelId = useId();
  const name = memberName(member);
  return (
    <TableRow {...STACKED.row} data-testid="team-member-row">
      <TableCell {...STACKED.cell}>
        <span className="font-medium break-words">{name}</span>
        {isYou && <span className="text-muted-foreground"> (you)</span>}
        <span id={roleLabelId} className="sr-only">
          {`${T.role} of ${name}`}
        </span>
      </TableCell>
      <TableCell {...STACKED.cell} className={`${STACKED.cell.className} break-words text-muted-foreground`}>
        <EmailAddress email={member.email} />
      </TableCell>
      <TableCell {...STACKED.cell}>
        <RoleSelect member={member} labelledBy={roleLabelId} />
      </TableCell>
      <TableCell {...STACKED.cell}>
        <Badge variant={member.active ? 'green' : 'secondary'}>
          {member.active ? MEMBER_STATUS_LABELS.active : MEMBER_STATUS_LABELS.deactivated}
        </Badge>
      </TableCell>
      <TableCell {...STACKED.cell}>
        <span className="md:hidden text-muted-foreground">{T.lastSignIn}: </span>
        {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : T.never}
      </TableCell>
      <TableCell {...STACKED.cell} className={`${STACKED.cell.className} md:text-right`}>
        <span className="md:hidden text-muted-foreground">{T.openTickets}: </span>
        {openTickets ?? '–'}
      </TableCell>
      <TableCell {...STACKED.cell} className={`${STACKED.cell.className} md:text-right`}>
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          {/* For others only: one's own password and two-step sign-in change in Settings, with the password. */}
          {member.active && !isYou && <ResetLinkAction member={member} name={name} />}
          {member.active && !isYou && <ResetTwoStepAction member={member} name={name} />}
          <StatusAction member={member} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * Settings → Team, for admins: every account with its role, status, last sign-in and open tickets;
 * roles change in place, deactivation asks first. Pending invitations follow.
 */
export function TeamCard({ currentUserId }: { currentUserId: string }) {
  const headingId = useId();
  const team = useTeam();
  const counts = useTeamTicketCounts();
  useSessionExpiryRedirect(team.error ?? counts.error);

  return (
    <SectionCard title={T.title} icon={Users} description={T.description}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Heading id={headingId} className="text-sm font-semibold">
            {T.members}
          </Heading>
          <InviteMemberDialog />
        </div>
        {team.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessageOf(team.error) ?? T.loadFailed}
          </p>
        ) : (
          <Table aria-labelledby={headingId} aria-busy={team.isPending || undefined} {...STACKED.table}>
            <TableHeader {...STACKED.header}>
              <TableRow {...STACKED.row}>
                <TableHead role="columnheader">{T.name}</TableHead>
                <TableHead role="columnheader">{T.email}</TableHead>
                <TableHead role="columnheader">{T.role}</TableHead>
                <TableHead role="columnheader">{T.status}</TableHead>
                <TableHead role="columnheader">{T.lastSignIn}</TableHead>
                <TableHead role="columnheader" className="text-right">
                  {T.openTickets}
                </TableHead>
                <TableHead role="columnheader" className="text-right">
                  <span className="sr-only">{T.actions}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody {...STACKED.body}>
              {team.isPending ? (
                <TableRow {...STACKED.row}>
                  <TableCell colSpan={7} role={STACKED.cell.role}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ) : (
                team.data.members.map((member) => (
                  <MemberRow
                    key={member.id}
                    member={member}
                    openTickets={counts.data?.get(member.id)}
                    isYou={member.id === currentUserId}
                  />
                ))
              )}
            </TableBody>
          </Table>
        )}
        <PendingInvitations invitations={team.data?.invitations} />
      </div>
    </SectionCard>
  );
}
