import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { USER_ROLES, type UserRole } from '@shared/constants';
import { ROLE_LABELS, type InvitationCreatedResponse } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { useEmailSettings } from '../api/get-email-settings';
import { notifyFailure } from '../lib/settings-toasts';
import { TEAM_TEXTS as T } from '../lib/team-texts';
import { CopyableLink } from './copyable-link';

type Invitation = InvitationCreatedResponse['invitation'];

/** The new link, shown once; says whether it was also emailed. */
function CreatedLink({ invitation, emailed }: { invitation: Invitation; emailed: boolean }) {
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {emailed ? T.linkEmailed(invitation.email) : T.linkNotEmailed(invitation.email)} {T.linkShownOnce}
      </p>
      <CopyableLink id="invitation-link" label={T.invitationLink} url={invitation.url} />
    </div>
  );
}

function InviteForm({ onCreated }: { onCreated: (invitation: Invitation) => void }) {
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRole>('agent');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(
      { email, role, firstName: firstName || undefined, lastName: lastName || undefined },
      {
        onSuccess: (response) => onCreated(response.invitation),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.body?.fieldErrors ?? {});
          notifyFailure(T.inviteFailed, error);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="invite-member-email"
        label={T.email}
        type="email"
        autoComplete="off"
        value={email}
        error={errors.email?.[0]}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormField id="invite-member-role" label={T.role} error={errors.role?.[0]}>
        <Select value={role} onValueChange={(next) => setRole(next as UserRole)}>
          <SelectTrigger {...fieldAria('invite-member-role', errors.role?.[0])}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {USER_ROLES.map((value) => (
              <SelectItem key={value} value={value}>
                {ROLE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="invite-member-first-name"
          label={T.firstNameOptional}
          value={firstName}
          error={errors.firstName?.[0]}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextField
          id="invite-member-last-name"
          label={T.lastNameOptional}
          value={lastName}
          error={errors.lastName?.[0]}
          onChange={(event) => setLastName(event.target.value)}
        />
      </div>
      <DialogActions
        submitLabel={create.isPending ? T.creatingInvitation : T.createInvitation}
        pending={create.isPending}
      />
    </form>
  );
}

/**
 * The Team card's Invite Member button and dialog: the address and role, then the link to copy. The
 * form is mounted afresh each time the dialog opens.
 */
export function InviteMemberDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Invitation>();
  const emailSettings = useEmailSettings();
  const emailed = emailSettings.data?.configured ?? false;
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(undefined);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="outline">
          <UserPlus aria-hidden="true" />
          {T.invite}
        </Button>
      }
      title={T.invite}
      description={T.inviteDescription}
    >
      {created ? (
        <>
          <CreatedLink invitation={created} emailed={emailed} />
          <DialogActions submitLabel={T.done} onSubmit={() => changeOpen(false)} />
        </>
      ) : (
        <InviteForm onCreated={setCreated} />
      )}
    </FormDialog>
  );
}
