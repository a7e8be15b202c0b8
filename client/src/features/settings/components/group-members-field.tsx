import { useId } from 'react';
import { GROUP_TEXTS as TEXTS } from '@shared/contracts/groups';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { userName, useUsers } from '@/lib/users';
import { cn } from '@/lib/utils';
import { withMember } from '../lib/group-form';

/** More users than this scroll inside the list, so a large team does not stretch the dialog. */
const SCROLL_AFTER = 6;

interface GroupMembersFieldProps {
  value: readonly string[];
  onChange: (members: string[]) => void;
  error?: string;
}

/**
 * The group's Members: a box per active user (the pickers' own list, GET /api/users), in a fieldset
 * named "Members". A message from the server marks every box, so focus lands on the first.
 */
export function GroupMembersField({ value, onChange, error }: GroupMembersFieldProps) {
  const users = useUsers();
  const id = useId();
  const hintId = useId();
  const describedBy = [hintId, error ? fieldErrorId(id) : ''].join(' ').trim();
  const list = users.data ?? [];
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm leading-none font-medium">{TEXTS.members}</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        {TEXTS.membersHint}
      </p>
      {users.isPending ? (
        <p className="text-sm text-muted-foreground">Loading users...</p>
      ) : users.isError ? (
        <p className="text-sm text-destructive">{TEXTS.membersLoadFailed}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{TEXTS.membersNone}</p>
      ) : (
        <ul
          className={cn(
            'space-y-2 rounded-md border p-3',
            list.length > SCROLL_AFTER && 'max-h-56 overflow-y-auto',
          )}
        >
          {list.map((user) => {
            const boxId = `${id}-${user.id}`;
            return (
              <li key={user.id} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  checked={value.includes(user.id)}
                  onCheckedChange={(checked) => onChange(withMember(value, user.id, checked === true))}
                  aria-invalid={error ? true : undefined}
                />
                <Label htmlFor={boxId} className="min-w-0 font-normal break-words">
                  {userName(user)}
                  <span className="text-muted-foreground"> ({user.email})</span>
                </Label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
