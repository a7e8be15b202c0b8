import { TICKET_PRIORITIES, TICKET_PRIORITY_META, type TicketPriority } from '@shared/constants';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import { GroupSelect as GroupItems } from '@/components/group-select';
import { useGroupChoices } from '@/lib/groups';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { UNASSIGNED_LABEL, userNameWithEmail, useUsers } from '@/lib/users';
import { FormField, fieldAria } from '@/components/ui/form-field';

const isPriority = (value: string): value is TicketPriority =>
  (TICKET_PRIORITIES as readonly string[]).includes(value);

interface PrioritySelectProps {
  value: TicketPriority;
  onChange: (value: TicketPriority) => void;
}

export function PrioritySelect({ value, onChange }: PrioritySelectProps) {
  const id = 'new-ticket-priority';
  return (
    <FormField id={id} label="Priority">
      <Select
        value={value}
        onValueChange={(next) => {
          if (isPriority(next)) onChange(next);
        }}
      >
        <SelectTrigger {...fieldAria(id, undefined)} className="capitalize">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TICKET_PRIORITIES.map((priority) => (
            <SelectItem key={priority} value={priority} className="capitalize">
              {TICKET_PRIORITY_META[priority].label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/** A select item cannot have an empty value (spec §5), so "Unassigned" has its own and maps to null. */
const UNASSIGNED = 'unassigned';

interface AssigneeSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

export function AssigneeSelect({ value, onChange }: AssigneeSelectProps) {
  const id = 'new-ticket-assign-to';
  const { data: users = [] } = useUsers();
  return (
    <FormField id={id} label="Assign To">
      <Select
        value={value ?? UNASSIGNED}
        onValueChange={(next) => onChange(next === UNASSIGNED ? null : next)}
      >
        <SelectTrigger {...fieldAria(id, undefined)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNASSIGNED}>{UNASSIGNED_LABEL}</SelectItem>
          {users.map((user) => (
            <SelectItem key={user.id} value={user.id}>
              {userNameWithEmail(user)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

interface GroupSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** New Ticket's Group (issue 39): "No group" or a group; only while a group exists. */
export function GroupSelect({ value, onChange }: GroupSelectProps) {
  const id = 'new-ticket-group';
  const groups = useGroupChoices();
  if (groups.length === 0) return null;
  return (
    <FormField id={id} label={GROUP_TEXTS.group}>
      <GroupItems value={value} onChange={onChange} triggerProps={fieldAria(id, undefined)} />
    </FormField>
  );
}
