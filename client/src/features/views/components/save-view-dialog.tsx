import { useEffect, useId, useState } from 'react';
import { SAVED_VIEW_LIMITS, type SavedViewScope } from '@shared/constants';
import { SAVED_VIEW_TEXTS as TEXTS, type SavedView, type SavedViewQuery } from '@shared/contracts/views';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/api-client';
import { useCreateView } from '../api/create-view';
import { useUpdateView } from '../api/update-view';
import { notifyViewFailure, notifyViewSuccess } from '../lib/view-toasts';

type SaveViewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (a menu's trigger: the menu item is gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
} & ({ mode: 'create'; query: SavedViewQuery; isAdmin: boolean } | { mode: 'rename'; view: SavedView });

/**
 * Save View (the list's current filters, search and sort under a name, for oneself or, for admins,
 * the team) and Rename View: one form, its name checked by the server (400 and 409 shown on the field).
 */
export function SaveViewDialog(props: SaveViewDialogProps) {
  const { open, onOpenChange, onCloseAutoFocus } = props;
  const initialName = props.mode === 'rename' ? props.view.name : '';
  const [name, setName] = useState(initialName);
  const [scope, setScope] = useState<SavedViewScope>('personal');
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreateView();
  const update = useUpdateView();
  const pending = create.isPending || update.isPending;
  const nameId = useId();
  const scopeName = useId();

  useEffect(() => {
    if (open) {
      setName(initialName);
      setScope('personal');
      setNameError(undefined);
    }
  }, [open, initialName]);

  const onError = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.body?.fieldErrors : undefined;
    setNameError(fieldErrors?.name?.join(' '));
    notifyViewFailure(TEXTS.saveFailed, error);
  };

  const submit = () => {
    if (name.trim() === '') {
      setNameError('Name is required');
      return;
    }
    if (props.mode === 'create') {
      create.mutate(
        { name, scope, query: props.query },
        {
          onSuccess: () => {
            notifyViewSuccess(TEXTS.saved);
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      update.mutate(
        { id: props.view.id, name },
        {
          onSuccess: () => {
            notifyViewSuccess(TEXTS.renamed);
            onOpenChange(false);
          },
          onError,
        },
      );
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      className="max-w-md"
      title={props.mode === 'create' ? TEXTS.saveTitle : TEXTS.renameTitle}
      description={props.mode === 'create' ? TEXTS.saveDescription : undefined}
    >
      <SubmitForm onSubmit={submit}>
        <TextField
          id={nameId}
          label={TEXTS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          maxLength={SAVED_VIEW_LIMITS.name}
          autoComplete="off"
          required
        />
        {props.mode === 'create' && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{TEXTS.scope}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['personal', TEXTS.scopePersonal],
                  ...(props.isAdmin ? [['team', TEXTS.scopeTeam] as const] : []),
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={scopeName}
                    value={value}
                    checked={scope === value}
                    onChange={() => setScope(value)}
                    className="size-4 accent-primary"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <DialogActions
          cancelLabel={TEXTS.cancel}
          onCancel={() => onOpenChange(false)}
          submitLabel={props.mode === 'create' ? TEXTS.save : TEXTS.rename}
          pending={pending}
        />
      </SubmitForm>
    </FormDialog>
  );
}
