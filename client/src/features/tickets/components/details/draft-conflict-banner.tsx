import { GitCompareArrows } from 'lucide-react';
import { MANUAL_STATUS_LABELS, TICKET_STATUS_META } from '@shared/constants';
import { GROUP_TEXTS, type Group } from '@shared/contracts/groups';
import type { Ticket } from '@shared/contracts/tickets';
import type { UserSummary } from '@shared/contracts/users';
import { Button } from '@/components/ui/button';
import { groupName, useGroupChoices } from '@/lib/groups';
import { UNASSIGNED_LABEL, UNKNOWN_USER_LABEL, useUsers, userName } from '@/lib/users';
import { assignedUserName } from '../ticket-assignee';
import { PRIORITY_OPTION_LABELS } from './priority-select';
import type { DraftConflict, DraftField } from './status-draft';
import { ANOTHER_USER } from './ticket-updater';

/** The banner's words (issue 37); the field names are the selects' own labels. */
export const DRAFT_CONFLICT_TEXTS = {
  heading: (name: string) => `${name} changed this ticket while you were editing.`,
  field: {
    status: 'Status',
    assignedTo: 'Assigned To',
    priority: 'Priority',
    groupId: GROUP_TEXTS.group,
  } satisfies Record<DraftField, string>,
  choices: (name: string, theirs: string, mine: string) => `${name} set ${theirs}; you chose ${mine}.`,
  /** Each field's group: not the bare label, which names the select itself. */
  group: (label: string) => `${label} changed on both sides`,
  keepMine: 'Keep Mine',
  takeTheirs: 'Take Theirs',
} as const;

/** The two answers per field, in the order they are offered. */
const RESOLUTIONS = [
  ['mine', DRAFT_CONFLICT_TEXTS.keepMine],
  ['theirs', DRAFT_CONFLICT_TEXTS.takeTheirs],
] as const;

interface DraftConflictBannerProps {
  ticket: Ticket;
  /** Who saved the conflicting change, as the poll named them; null: look up lastUpdatedBy. */
  updater: string | null;
  conflicts: readonly DraftConflict[];
  onResolve: (field: DraftField, keep: 'mine' | 'theirs') => void;
}

function nameOf(users: readonly UserSummary[] | undefined, id: string | null, ticket: Ticket): string {
  if (id === null) return UNASSIGNED_LABEL;
  const user = users?.find((candidate) => candidate.id === id);
  if (user) return userName(user);
  if (id === ticket.assignedTo) return assignedUserName(ticket);
  return UNKNOWN_USER_LABEL;
}

function valueLabel(
  conflict: DraftConflict,
  value: unknown,
  users: readonly UserSummary[] | undefined,
  groups: readonly Group[],
  ticket: Ticket,
) {
  switch (conflict.field) {
    case 'status':
      return value === null
        ? TICKET_STATUS_META[ticket.status].label
        : MANUAL_STATUS_LABELS[value as keyof typeof MANUAL_STATUS_LABELS];
    case 'priority':
      return PRIORITY_OPTION_LABELS[value as keyof typeof PRIORITY_OPTION_LABELS];
    case 'assignedTo':
      return nameOf(users, value as string | null, ticket);
    case 'groupId':
      return groupName(groups, value as string | null);
  }
}

/**
 * Above the selects when a colleague saved the same field this agent has changed but not saved: who
 * changed what, and per field Keep Mine (the draft keeps the agent's value, saved with Update
 * Status) or Take Theirs (the select shows the saved value). Nothing is saved by either button.
 */
export function DraftConflictBanner({ ticket, updater, conflicts, onResolve }: DraftConflictBannerProps) {
  const { data: users } = useUsers();
  const groups = useGroupChoices();
  if (conflicts.length === 0) return null;
  const lastUpdatedBy = users?.find((user) => user.id === ticket.lastUpdatedBy);
  const name = updater ?? (lastUpdatedBy ? userName(lastUpdatedBy) : ANOTHER_USER);
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-start gap-2 font-medium">
        <GitCompareArrows className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {DRAFT_CONFLICT_TEXTS.heading(name)}
      </p>
      <ul className="space-y-3">
        {conflicts.map((conflict) => {
          const label = DRAFT_CONFLICT_TEXTS.field[conflict.field];
          return (
            <li key={conflict.field}>
              {/* A group per field: its sentence and its two answers. */}
              <div role="group" aria-label={DRAFT_CONFLICT_TEXTS.group(label)} className="space-y-2">
                <p>
                  <span className="font-medium">{label}:</span>{' '}
                  {DRAFT_CONFLICT_TEXTS.choices(
                    name,
                    valueLabel(conflict, conflict.theirs, users, groups, ticket),
                    valueLabel(conflict, conflict.mine, users, groups, ticket),
                  )}
                </p>
                <div className="flex flex-wrap gap-2">
                  {RESOLUTIONS.map(([keep, label]) => (
                    <Button
                      key={keep}
                      size="sm"
                      variant="outline"
                      className="bg-background"
                      onClick={() => onResolve(conflict.field, keep)}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
