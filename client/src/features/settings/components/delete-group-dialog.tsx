import { useId, useState } from 'react';
import { GROUP_MESSAGES, GROUP_TEXTS as TEXTS, type Group } from '@shared/contracts/groups';
import { NO_GROUP } from '@shared/contracts/tickets';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/field-errors';
import { useDeleteGroup } from '../api/groups';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';

interface DeleteGroupDialogProps {
  /** The group to delete; null: the dialog is closed. */
  group: Group | null;
  /** Every group, for "Move tickets to" (the one being deleted is left out). */
  groups: readonly Group[];
  onClose: () => void;
}

/**
 * Delete with confirmation (issue 39). While tickets belong to the group the server answers 409 with
 * their count: the dialog then stays, says so, and asks where they go (another group, or none) before
 * trying again with DELETE …?moveTo=.
 */
export function DeleteGroupDialog({ group, groups, onClose }: DeleteGroupDialogProps) {
  const remove = useDeleteGroup();
  /**
   * Set by the 409 for the group it names: the server's words ("3 tickets belong to this group. …").
   * Another group's opening starts at the question; the same group's asks at once where they go.
   */
  const [refusal, setRefusal] = useState<{ groupId: string; message: string } | null>(null);
  const [moveTo, setMoveTo] = useState<string>(NO_GROUP);
  const selectId = useId();
  const hasTickets = group && refusal?.groupId === group.id ? refusal.message : null;
  const others = groups.filter((each) => each.id !== group?.id);
  const setHasTickets = (message: string) => {
    if (!group) return;
    setRefusal({ groupId: group.id, message });
    setMoveTo(NO_GROUP);
  };

  const confirm = () => {
    if (!group) return;
    const moving = hasTickets !== null;
    remove.mutate(
      { id: group.id, moveTo: moving ? (moveTo === NO_GROUP ? null : moveTo) : undefined },
      {
        onSuccess: () => {
          notifySuccess(TEXTS.deleted);
          onClose();
        },
        onError: (error) => {
          if (!moving && error instanceof ApiError && error.status === 409) {
            setHasTickets(
              serverFieldErrors(error).id ??
                error.serverMessage ??
                GROUP_MESSAGES.hasTickets(group.openTickets),
            );
            return;
          }
          notifyFailure(TEXTS.deleteFailed, error);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={group !== null}
      onOpenChange={(open) => !open && onClose()}
      title={TEXTS.deleteGroup}
      description={hasTickets ?? (group ? TEXTS.confirmDelete(group.name) : '')}
      cancelLabel={TEXTS.cancel}
      confirmLabel={hasTickets === null ? TEXTS.delete : TEXTS.moveAndDelete}
      destructive
      confirmDisabled={remove.isPending}
      onConfirm={(event) => {
        // Open until the answer: a 409 turns it into the question of where the tickets go.
        event.preventDefault();
        confirm();
      }}
    >
      {hasTickets !== null && (
        <div className="space-y-2">
          <Label htmlFor={selectId}>{TEXTS.moveTicketsTo}</Label>
          <Select value={moveTo} onValueChange={setMoveTo}>
            <SelectTrigger id={selectId} aria-describedby={`${selectId}-hint`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_GROUP}>{TEXTS.noGroup}</SelectItem>
              {others.map((other) => (
                <SelectItem key={other.id} value={other.id}>
                  {other.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${selectId}-hint`} className="text-xs text-muted-foreground">
            {TEXTS.moveHint}
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}
