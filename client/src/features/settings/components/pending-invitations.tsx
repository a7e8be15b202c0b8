import { useId } from 'react';
import { ROLE_LABELS, type TeamInvitation } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';
import { formatDateTime } from '../lib/format-date-time';
import { TEAM_TEXTS as T } from '../lib/team-texts';

function RevokeButton({ invitation }: { invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`${T.revoke} the invitation for ${invitation.email}`}
      disabled={revoke.isPending}
      // mutateAsync: the row (and this button) is gone once the invitations are read again, before
      // a mutate() callback would run, and the toast with it.
      onClick={() =>
        revoke.mutateAsync(invitation.id).then(
          () => notifySuccess(T.revoked(invitation.email)),
          (error: unknown) => notifyFailure(T.revokeFailed, error),
        )
      }
    >
      {T.revoke}
    </Button>
  );
}

/** The Team card's invitations not yet accepted, revoked or expired; nothing while the team loads. */
export function PendingInvitations({ invitations }: { invitations: TeamInvitation[] | undefined }) {
  const headingId = useId();
  if (!invitations) return null;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2">
      <Heading id={headingId} className="text-sm font-semibold">
        {T.invitationsTitle}
      </Heading>
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noInvitations}</p>
      ) : (
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              <TableHead>{T.email}</TableHead>
              <TableHead>{T.role}</TableHead>
              <TableHead>{T.invited}</TableHead>
              <TableHead>{T.expires}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{T.actions}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invitations.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell className="break-all">{invitation.email}</TableCell>
                <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>
                <TableCell>{formatDateTime(invitation.createdAt)}</TableCell>
                <TableCell>{formatDateTime(invitation.expiresAt)}</TableCell>
                <TableCell className="text-right">
                  <RevokeButton invitation={invitation} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
